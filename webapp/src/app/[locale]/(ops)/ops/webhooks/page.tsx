import OpsNav from '@/components/ops/OpsNav';
import Webhooks from '@/components/ops/Webhooks';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsWebhooksPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.nav', 'Ops.webhooks']}>
      <OpsNav />
      <Webhooks />
    </PageMessages>
  );
}
