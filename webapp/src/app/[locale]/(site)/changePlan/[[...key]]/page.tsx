import { Suspense } from 'react';
import ChangePlanRoute from '@/components/subscribe/ChangePlanRoute';
import PaymentPageMessages from '@/components/subscribe/PaymentPageMessages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ChangePlanPage');

// The optional {key} segment is a redirect key, verified by the start-up logic.
export default async function ChangePlanPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PaymentPageMessages>
      <Suspense>
        <ChangePlanRoute />
      </Suspense>
    </PaymentPageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
