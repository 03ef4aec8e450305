import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getPathname } from '@/i18n/navigation';
import { routing, type Locale } from '@/i18n/routing';

// Absolute address of the site, for canonical URLs, hreflang, Open Graph and the sitemap.
export function siteUrl(): string {
  return (
    process.env.NEXT_PUBLIC_SITE_URL ||
    process.env.PUBLIC_URL ||
    'http://127.0.0.1:3000'
  ).replace(/\/+$/, '');
}

export function absoluteUrl(locale: Locale, path: string): string {
  const localized = getPathname({ href: path, locale });
  return `${siteUrl()}${localized === '/' ? '' : localized}` || siteUrl();
}

/** hreflang alternates for the nine locales plus x-default (English, no prefix). */
export function languageAlternates(path: string): Record<string, string> {
  const languages: Record<string, string> = Object.fromEntries(
    routing.locales.map((locale) => [locale, absoluteUrl(locale, path)]),
  );
  languages['x-default'] = absoluteUrl(routing.defaultLocale, path);
  return languages;
}

// Namespaces of public pages: each has `title` and `description`.
export type SeoNamespace =
  | 'HomePage'
  | 'RegisterPage'
  | 'LoginPage'
  | 'LogoutPage'
  | 'ForgottenPasswordPage'
  | 'SwisscomPage'
  | 'RetailerPage'
  | 'CouponPage'
  | 'PromoPage'
  | 'FaqPage'
  | 'AboutPage'
  | 'LearningPage'
  | 'ContactPage' // Canonical, hreflang and description on /contact too
  | 'CancelContract' // docs/consumer-law.md#cancellation-page
  | 'Withdrawal' // docs/consumer-law-withdrawal.md: the public withdrawal page
  | 'ProductInfoPage.tv'
  | 'ProductInfoPage.stories'
  | 'ProductInfoPage.games';

/**
 * Open Graph's og:locale is language_TERRITORY (ar_AR, en_GB), not a BCP 47 tag: the
 * territory each of our catalogues is written for.
 */
export const OG_LOCALES: Record<Locale, string> = {
  ar: 'ar_AR',
  de: 'de_DE',
  en: 'en_GB',
  es: 'es_ES',
  fr: 'fr_FR',
  it: 'it_IT',
  nl: 'nl_NL',
  pt: 'pt_PT',
  ru: 'ru_RU',
};

type Options = {
  locale: Locale;
  namespace: SeoNamespace;
  path: string;
  index?: boolean;
  titleValues?: Record<string, string>;
};

/** Title, description, canonical, hreflang and Open Graph of one public page. */
export async function pageMetadata({
  locale,
  namespace,
  path,
  index = true,
  titleValues,
}: Options): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace });
  const tSite = await getTranslations({ locale, namespace: 'Metadata' });
  const title = t('title', titleValues);
  const description = t('description');
  const url = absoluteUrl(locale, path);
  return {
    title,
    description,
    alternates: { canonical: url, languages: languageAlternates(path) },
    openGraph: {
      type: 'website',
      siteName: tSite('title'),
      title,
      description,
      url,
      locale: OG_LOCALES[locale],
      alternateLocale: routing.locales
        .filter((other) => other !== locale)
        .map((other) => OG_LOCALES[other]),
    },
    twitter: { card: 'summary', title, description },
    robots: index ? { index: true, follow: true } : { index: false, follow: true },
  };
}
