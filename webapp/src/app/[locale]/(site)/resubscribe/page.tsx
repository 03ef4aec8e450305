import PaymentPage from '@/components/subscribe/PaymentPage';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ResubscribePage');

export default async function ResubscribePageRoute({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages
      namespaces={[
        'ChangePlanPage',
        'CouponField',
        'PaymentForm',
        'PaymentPage',
        'PlanPopup',
        'Plans',
        'PricingCard',
        'ResubscribePage',
        'SubscribePage',
        'Withdrawal',
      ]}
    >
      <PaymentPage mode="resubscribe" />
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
