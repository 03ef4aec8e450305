import { notFound } from 'next/navigation';
import OpsNav from '@/components/ops/OpsNav';
import ParentPage from '@/components/ops/ParentPage';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale } from '@/i18n/locale-params';

type Props = { params: Promise<{ locale: string; id: string }> };

export default async function OpsParentPage({ params }: Props) {
  await resolvePageLocale(params);
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return (
    <PageMessages
      namespaces={['Errors', 'Ops.actions', 'Ops.nav', 'Ops.parent', 'Ops.payments', 'OpsGrants']}
    >
      <OpsNav />
      <ParentPage accountId={Number(id)} />
    </PageMessages>
  );
}
