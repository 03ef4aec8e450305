import Declarations from '@/components/ops/Declarations';
import OpsNav from '@/components/ops/OpsNav';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsDeclarationsPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.nav', 'OpsDeclarations']}>
      <OpsNav />
      <Declarations />
    </PageMessages>
  );
}
