import type { ReactNode } from 'react';
import PageMessages from '@/i18n/PageMessages';

/** The texts the payment pages read (subscribe, resubscribe, change plan): one list for their routes. */
export default function PaymentPageMessages({ children }: { children: ReactNode }) {
  return (
    <PageMessages
      namespaces={[
        'ChangePlanPage',
        'CouponField',
        'Errors',
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
      {children}
    </PageMessages>
  );
}
