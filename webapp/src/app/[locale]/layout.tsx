import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import LandingParamsCapture from '@/components/landing/LandingParamsCapture';
import MaintenanceNotice from '@/components/site/MaintenanceNotice';
import { shellMessages } from '@/i18n/client-messages';
import { textDirection } from '@/i18n/direction';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { routing } from '@/i18n/routing';
import { consentProbeScript } from '@/lib/consent';
import { nonceOf } from '@/lib/security/headers';
import '../globals.css';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    title: { default: t('title'), template: `%s · ${t('title')}` },
    description: t('description'),
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

type Props = LocaleParams & { children: ReactNode };

export default async function LocaleLayout({ children, params }: Props) {
  // Rendered per request: Next.js can only put the response's CSP nonce (src/proxy.ts) on the
  // scripts of a page it renders now, not on one prerendered at build time.
  await connection();
  const locale = await resolvePageLocale(params);
  // The shell's texts; each page adds its own (i18n/client-messages.ts, i18n/PageMessages.tsx).
  const messages = shellMessages(await getMessages());
  const nonce = nonceOf((await headers()).get('content-security-policy'));
  return (
    // The consent probe may mark <html> before React hydrates it (see lib/consent.ts).
    <html lang={locale} dir={textDirection(locale)} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: consentProbeScript() }} />
      </head>
      <body>
        <NextIntlClientProvider messages={messages}>
          <LandingParamsCapture />
          {children}
          {/* Issue 7: an API call answering 503 maintenance on any page, retailer and TV included. */}
          <MaintenanceNotice />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
