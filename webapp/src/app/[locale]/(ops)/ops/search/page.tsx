import OpsNav from '@/components/ops/OpsNav';
import ParentSearch from '@/components/ops/ParentSearch';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsSearchPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.nav', 'Ops.search']}>
      <OpsNav />
      <ParentSearch />
    </PageMessages>
  );
}
