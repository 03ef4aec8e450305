import type { CSSProperties, ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import LandingParamsCapture from '@/components/landing/LandingParamsCapture';
import MaintenanceNotice from '@/components/site/MaintenanceNotice';
import { shellMessages } from '@/i18n/client-messages';
import { textDirection } from '@/i18n/direction';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { routing } from '@/i18n/routing';
import { nunitoCyrillic, nunitoLatin, tajawalArabic } from '@/lib/fonts/fonts';
import { fontStack } from '@/lib/fonts/stack';
import { HEAD_SCRIPT } from '@/lib/security/inline-scripts';
import '../globals.css';
import '@/lib/fonts/fallback.css';

const FONTS = { latin: nunitoLatin, cyrillic: nunitoCyrillic, arabic: tajawalArabic };

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
  // Nothing here reads the request, so pages that read nothing either are prerendered (src/proxy.ts
  // allows their inline scripts by hash); the rest render per request with a nonce on Next's scripts.
  const locale = await resolvePageLocale(params);
  // The shell's texts; each page adds its own (i18n/client-messages.ts, i18n/PageMessages.tsx).
  const messages = shellMessages(await getMessages());
  return (
    // The consent probe may mark <html> before React hydrates it (see lib/consent.ts).
    <html
      lang={locale}
      dir={textDirection(locale)}
      style={{ '--font': fontStack(locale, FONTS) } as CSSProperties}
      suppressHydrationWarning
    >
      <head>
        {/* Allowed by its hash (src/proxy.ts), on every page. */}
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
      </head>
      <body>
        <NextIntlClientProvider messages={messages}>
          <LandingParamsCapture />
          {children}
          {/* An API call answering 503 maintenance on any page, retailer and TV included. */}
          <MaintenanceNotice />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
