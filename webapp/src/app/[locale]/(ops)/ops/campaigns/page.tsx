import Campaigns from '@/components/ops/Campaigns';
import OpsNav from '@/components/ops/OpsNav';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsCampaignsPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.campaigns', 'Ops.nav']}>
      <OpsNav />
      <Campaigns />
    </PageMessages>
  );
}
