import AuditLog from '@/components/ops/AuditLog';
import OpsNav from '@/components/ops/OpsNav';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsAuditPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.audit', 'Ops.nav']}>
      <OpsNav />
      <AuditLog />
    </PageMessages>
  );
}
