import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import LoginForm from '@/components/login/LoginForm';
import LoginPagePair from '@/components/login/LoginPagePair';
import QrCode from '@/components/login/QrCode';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { absoluteUrl, pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'LoginPage', path: '/login' });
}

// Issue 20: prerendered (the flash of the address is read in the browser, the TV layout decided there).
export default async function LoginPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'LoginPage' });
  return (
    <PageMessages namespaces={['DataRights', 'LoginPage', 'Notices']}>
      <LoginPagePair
        qr={
          // docs/product.md#screens "Login": on TV a QR code sends the parent to the site on a phone.
          <aside className="page qr-panel" aria-labelledby="qr-title">
            <h2 id="qr-title">{t('qrTitle')}</h2>
            <p>{t('qrText')}</p>
            <QrCode value={absoluteUrl(locale, '/register')} label={t('qrLabel')} />
          </aside>
        }
      >
        <section className="page">
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
          <LoginForm />
        </section>
      </LoginPagePair>
    </PageMessages>
  );
}
