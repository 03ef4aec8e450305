import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ResetPasswordForm from '@/components/reset-password/ResetPasswordForm';
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
  const t = await getTranslations({ locale, namespace: 'ResetPasswordPage' });
  // The token in the address must not leak to other sites.
  return { title: t('title'), referrer: 'no-referrer', robots: { index: false } };
}

export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ResetPasswordPage' });
  const token = firstValue((await searchParams).token);
  return (
    <PageMessages namespaces={['Errors', 'PasswordHint', 'ResetPasswordPage']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <ResetPasswordForm token={token} />
      </section>
    </PageMessages>
  );
}
