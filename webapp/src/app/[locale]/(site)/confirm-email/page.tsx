import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ConfirmEmailStatus from '@/components/confirm-email/ConfirmEmailStatus';
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
  const t = await getTranslations({ locale, namespace: 'ConfirmEmailPage' });
  return { title: t('title'), referrer: 'no-referrer', robots: { index: false } };
}

export default async function ConfirmEmailPage({ params, searchParams }: Props) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ConfirmEmailPage' });
  const token = firstValue((await searchParams).token);
  return (
    <PageMessages namespaces={['ConfirmEmailPage', 'Errors']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <ConfirmEmailStatus token={token} />
      </section>
    </PageMessages>
  );
}
