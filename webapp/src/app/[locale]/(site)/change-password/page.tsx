import { getTranslations } from 'next-intl/server';
import ChangePasswordForm from '@/components/profile/ChangePasswordForm';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ChangePasswordPage');

export default async function ChangePasswordPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ChangePasswordPage' });
  return (
    <PageMessages namespaces={['ChangePasswordPage', 'Errors', 'PasswordHint']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <ChangePasswordForm />
      </section>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
