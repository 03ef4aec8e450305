import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import BillingHistoryView from '@/components/billing/BillingHistoryView';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import styles from '@/components/billing/Billing.module.css';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'BillingPage' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** The parent's billing history, from the profile (docs/billing.md#receipts-and-credit-notes). */
export default async function BillingPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'BillingPage' });
  return (
    <PageMessages namespaces={['BillingPage', 'Errors']}>
      <section className={`page ${styles.wide}`} aria-labelledby="billing-title">
        <h1 id="billing-title">{t('title')}</h1>
        <p>{t('intro')}</p>
        <BillingHistoryView />
      </section>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
