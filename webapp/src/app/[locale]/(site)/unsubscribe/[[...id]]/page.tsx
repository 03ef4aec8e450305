import { Suspense } from 'react';
import UnsubscribeFlow from '@/components/unsubscribe/UnsubscribeFlow';
import { resolvePageLocale } from '@/i18n/locale-params';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('UnsubscribePage');

type Props = { params: Promise<{ locale: string; id?: string[] }> };

export default async function UnsubscribePage({ params }: Props) {
  await resolvePageLocale(params);
  const { id } = await params;
  return (
    <Suspense>
      <UnsubscribeFlow idSegments={id} />
    </Suspense>
  );
}
