import AddSubscriptionFlow from '@/components/subscribe/AddSubscriptionFlow';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('AddSubscriptionPage');

export default async function AddSubscriptionPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <PageMessages
      namespaces={['AddSubscriptionPage', 'Errors', 'PaymentForm', 'Plans', 'Withdrawal']}
    >
      <AddSubscriptionFlow />
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
