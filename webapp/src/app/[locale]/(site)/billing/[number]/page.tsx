import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import BillingDocumentView from '@/components/billing/BillingDocumentView';
import { resolvePageLocale } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import styles from '@/components/billing/Billing.module.css';

type Params = { params: Promise<{ locale: string; number: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'BillingPage' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** One receipt or credit note of the parent's: the page, print and PDF. */
export default async function BillingDocumentPage({ params }: Params) {
  await resolvePageLocale(params);
  const { number } = await params;
  return (
    <PageMessages namespaces={['BillingDocument', 'Errors']}>
      <section className={`page ${styles.wide}`}>
        <BillingDocumentView number={decodeURIComponent(number)} />
      </section>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
