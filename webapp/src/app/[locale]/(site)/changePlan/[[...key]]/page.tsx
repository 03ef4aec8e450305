import { Suspense } from 'react';
import ChangePlanRoute from '@/components/subscribe/ChangePlanRoute';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ChangePlanPage');

// The optional {key} segment is a redirect key, verified by the start-up logic.
export default async function ChangePlanPage({ params }: LocaleParams) {
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
      <Suspense>
        <ChangePlanRoute />
      </Suspense>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
