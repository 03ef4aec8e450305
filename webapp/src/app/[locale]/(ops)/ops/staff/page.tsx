import OpsNav from '@/components/ops/OpsNav';
import StaffAdmin from '@/components/ops/StaffAdmin';
import PageMessages from '@/i18n/PageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

export default async function OpsStaffPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['Errors', 'Ops.nav', 'Ops.staff']}>
      <OpsNav />
      <StaffAdmin />
    </PageMessages>
  );
}
