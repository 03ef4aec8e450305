import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import LoginForm from '@/components/login/LoginForm';
import { flashFromQuery } from '@/components/login/page-flash';
import QrCode from '@/components/login/QrCode';
import { resolvePageLocale, type LocaleParams, type SearchParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { isTvUserAgent } from '@/lib/platform';
import { absoluteUrl, pageMetadata } from '@/lib/seo';

type Props = LocaleParams & { searchParams: SearchParams };

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'LoginPage', path: '/login' });
}

export default async function LoginPage({ params, searchParams }: Props) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'LoginPage' });
  const isTv = isTvUserAgent((await headers()).get('user-agent'));
  return (
    <PageMessages namespaces={['DataRights', 'LoginPage', 'Notices']}>
      <div className={isTv ? 'page-pair' : undefined}>
        <section className="page">
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
          <LoginForm flash={flashFromQuery(await searchParams)} />
        </section>
        {isTv && (
          // docs/product.md#screens "Login": on TV a QR code sends the parent to the site on a phone.
          <aside className="page qr-panel" aria-labelledby="qr-title">
            <h2 id="qr-title">{t('qrTitle')}</h2>
            <p>{t('qrText')}</p>
            <QrCode value={absoluteUrl(locale, '/register')} label={t('qrLabel')} />
          </aside>
        )}
      </div>
    </PageMessages>
  );
}
