import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import WithdrawForm from '@/components/withdrawal/WithdrawForm';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'Withdrawal', path: '/withdraw' });
}

/** The public "withdraw from contract here" page: no login (docs/consumer-law-withdrawal.md). */
export default async function WithdrawPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Withdrawal' });
  return (
    <PageMessages namespaces={['Errors', 'Withdrawal']}>
      <section className="page" aria-labelledby="withdraw-title">
        <h1 id="withdraw-title">{t('title')}</h1>
        <p>{t('intro')}</p>
        <WithdrawForm />
      </section>
    </PageMessages>
  );
}
