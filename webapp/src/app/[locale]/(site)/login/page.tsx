import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import LoginForm from '@/components/login/LoginForm';
import LoginPagePair from '@/components/login/LoginPagePair';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'LoginPage', path: '/login' });
}

// Prerendered (the flash of the address is read in the browser, the TV layout decided there).
export default async function LoginPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'LoginPage' });
  return (
    <PageMessages namespaces={['DataRights', 'Errors', 'LoginPage', 'Notices']}>
      <LoginPagePair
        qr={
          // docs/product.md#screens "Login": on TV a QR code sends the parent to the site on a phone.
          <aside className="page qr-panel" aria-labelledby="qr-title">
            <h2 id="qr-title">{t('qrTitle')}</h2>
            <p>{t('qrText')}</p>
            {/* An image (src/app/qr): the page's data carries its address, not its drawing. */}
            {/* eslint-disable-next-line @next/next/no-img-element -- an SVG built with the app needs no optimiser */}
            <img
              className="qr-code"
              src={`/qr/${locale}/register.svg`}
              alt={t('qrLabel')}
              width={184}
              height={184}
            />
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
