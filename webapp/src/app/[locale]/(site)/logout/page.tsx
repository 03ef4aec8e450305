import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import LogoutRedirect from '@/components/login/LogoutRedirect';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'LogoutPage', path: '/logout', index: false });
}

export default async function LogoutPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'LogoutPage' });
  return (
    <PageMessages namespaces={['Errors', 'LogoutPage']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <LogoutRedirect />
      </section>
    </PageMessages>
  );
}
