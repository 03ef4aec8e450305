import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import PaymentMethodPage from '@/components/payment-method/PaymentMethodPage';
import {
  firstValue,
  resolvePageLocale,
  type LocaleParams,
  type SearchParams,
} from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';

type Props = LocaleParams & { searchParams: SearchParams };

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'PaymentMethodPage' });
  // The link in the address must not leak to other sites.
  return { title: t('title'), referrer: 'no-referrer', robots: { index: false } };
}

/** /payment-method?subscription=ID[&link=TOKEN] (docs/billing.md#fixing-a-failed-payment). */
export default async function PaymentMethodRoute({ params, searchParams }: Props) {
  await resolvePageLocale(params);
  const query = await searchParams;
  return (
    <PageMessages
      namespaces={['Errors', 'PaymentForm', 'PaymentMethodPage', 'Plans', 'ProfilePage']}
    >
      <PaymentMethodPage
        subscriptionId={firstValue(query.subscription)}
        link={firstValue(query.link)}
      />
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
