import OpsNav from '@/components/ops/OpsNav';
import SiteSwitches from '@/components/ops/SiteSwitches';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsSitePage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.nav', 'Ops.site']}>
      <OpsNav />
      <SiteSwitches />
    </PageMessages>
  );
}
