import DeadLetters from '@/components/ops/DeadLetters';
import OpsNav from '@/components/ops/OpsNav';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsDeadLettersPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.dead', 'Ops.nav']}>
      <OpsNav />
      <DeadLetters />
    </PageMessages>
  );
}
