import PaymentPage from '@/components/subscribe/PaymentPage';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ResubscribePage');

export default async function ResubscribePageRoute({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return <PaymentPage mode="resubscribe" />;
}
