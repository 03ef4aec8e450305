// Links to the marketing site (help, about, legal texts, product pages).
export const MARKETING_URL = (process.env.NEXT_PUBLIC_MARKETING_URL || 'https://www.lumo.example').replace(/\/+$/, '');

// SPEC 2 "Footer": these locales have no language segment on the product pages.
const PRODUCT_PAGES_WITHOUT_LANGUAGE: readonly string[] = ['ar', 'it', 'pt', 'en'];

export type ProductPage = 'tv' | 'stories' | 'games';
export const PRODUCT_PAGES: readonly ProductPage[] = ['tv', 'stories', 'games'];

export function productPageUrl(locale: string, product: ProductPage): string {
  const language = PRODUCT_PAGES_WITHOUT_LANGUAGE.includes(locale) ? '' : `/${locale}`;
  return `${MARKETING_URL}${language}/lumo-${product}`;
}

export type MarketingPage = 'help' | 'about' | 'legal-notice' | 'privacy-and-cookies' | 'support' | 'terms';

export function marketingUrl(locale: string, page: MarketingPage): string {
  return `${MARKETING_URL}/${locale}/${page}`;
}
