import Revenue from '@/components/ops/Revenue';
import OpsNav from '@/components/ops/OpsNav';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsRevenuePage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.nav', 'Ops.revenue']}>
      <OpsNav />
      <Revenue />
    </PageMessages>
  );
}
