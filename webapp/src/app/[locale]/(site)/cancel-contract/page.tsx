import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import CancelContractForm from '@/components/cancel-contract/CancelContractForm';
import '@/components/cancel-contract/cancel-contract.css';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'CancelContract', path: '/cancel-contract' });
}

// The one page of docs/consumer-law.md#cancellation-page: no login, the listed data only, one button.
export default async function CancelContractPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'CancelContract' });
  return (
    <PageMessages namespaces={['CancelContract', 'Errors', 'Plans']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <CancelContractForm />
      </section>
    </PageMessages>
  );
}
