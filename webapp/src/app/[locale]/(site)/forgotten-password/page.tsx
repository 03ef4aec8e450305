import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ForgottenPasswordForm from '@/components/forgotten-password/ForgottenPasswordForm';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'ForgottenPasswordPage', path: '/forgotten-password' });
}

export default async function ForgottenPasswordPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ForgottenPasswordPage' });
  return (
    <PageMessages namespaces={['Errors', 'ForgottenPasswordPage']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <ForgottenPasswordForm />
      </section>
    </PageMessages>
  );
}
