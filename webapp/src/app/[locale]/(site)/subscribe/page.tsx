import ServerHeadedPaymentPage from '@/components/subscribe/ServerHeadedPaymentPage';
import PaymentPageMessages from '@/components/subscribe/PaymentPageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('SubscribePage');

export default async function SubscribePageRoute({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PaymentPageMessages>
      <ServerHeadedPaymentPage mode="subscribe" />
    </PaymentPageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
