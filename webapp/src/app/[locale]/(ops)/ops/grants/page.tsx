import GrantRequests from '@/components/ops/GrantRequests';
import OpsNav from '@/components/ops/OpsNav';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsGrantsPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.nav', 'OpsGrants']}>
      <OpsNav />
      <GrantRequests />
    </PageMessages>
  );
}
