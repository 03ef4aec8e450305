import PaymentPage from '@/components/subscribe/PaymentPage';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('SubscribePage');

export default async function SubscribePageRoute({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return <PaymentPage mode="subscribe" />;
}
