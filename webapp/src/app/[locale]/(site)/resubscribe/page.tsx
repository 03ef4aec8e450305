import ServerHeadedPaymentPage from '@/components/subscribe/ServerHeadedPaymentPage';
import PaymentPageMessages from '@/components/subscribe/PaymentPageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ResubscribePage');

export default async function ResubscribePageRoute({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PaymentPageMessages>
      <ServerHeadedPaymentPage mode="resubscribe" />
    </PaymentPageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
