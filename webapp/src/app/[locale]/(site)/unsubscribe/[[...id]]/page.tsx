import { Suspense } from 'react';
import UnsubscribeFlow from '@/components/unsubscribe/UnsubscribeFlow';
import { resolvePageLocale } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('UnsubscribePage');

type Props = { params: Promise<{ locale: string; id?: string[] }> };

export default async function UnsubscribePage({ params }: Props) {
  await resolvePageLocale(params);
  const { id } = await params;
  return (
    <PageMessages namespaces={['Errors', 'Plans', 'UnsubscribePage']}>
      <Suspense>
        <UnsubscribeFlow idSegments={id} />
      </Suspense>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
