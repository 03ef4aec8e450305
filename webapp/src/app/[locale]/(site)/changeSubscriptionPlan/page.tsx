import { Suspense } from 'react';
import ChangeSubscriptionPlan from '@/components/subscribe/ChangeSubscriptionPlan';
import PaymentPageMessages from '@/components/subscribe/PaymentPageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ChangeSubscriptionPlanPage');

export default async function ChangeSubscriptionPlanPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages namespaces={['ChangeSubscriptionPlanPage', 'Errors']}>
      <PaymentPageMessages>
        <Suspense>
          <ChangeSubscriptionPlan />
        </Suspense>
      </PaymentPageMessages>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
