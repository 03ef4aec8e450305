import { getTranslations } from 'next-intl/server';
import { errorTexts } from '@/i18n/client-messages';
import PageMessages from '@/i18n/PageMessages';
import type { Locale } from '@/i18n/routing';
import { REGISTER_ERROR_KEYS } from './error-keys';
import RegisterForm from './RegisterForm';

/**
 * The register page's content, for /register (prerendered: the e-mail and the flash of the address are
 * read in the browser) and /register/{email or partner} (rendered per request).
 */
export default async function RegisterPage({
  locale,
  email = '',
  partner = null,
}: {
  locale: Locale;
  email?: string;
  partner?: string | null;
}) {
  const t = await getTranslations({ locale, namespace: 'RegisterPage' });
  return (
    <PageMessages
      namespaces={[
        'DataRights',
        ...errorTexts(REGISTER_ERROR_KEYS),
        'Notices',
        'PasswordHint',
        'PlanPopup',
        'Plans',
        'PricingCard',
        'RegisterPage',
      ]}
    >
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <RegisterForm initialEmail={email} partner={partner} />
      </section>
    </PageMessages>
  );
}
