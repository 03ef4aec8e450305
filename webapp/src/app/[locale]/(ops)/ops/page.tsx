import OpsLogin from '@/components/ops/OpsLogin';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsLoginPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.login']}>
      <OpsLogin />
    </PageMessages>
  );
}
