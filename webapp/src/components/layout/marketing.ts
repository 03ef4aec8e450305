// Links to the marketing site: only the legal texts live there now; the product,
// help, about, learning and contact pages are the site's own (components/layout/site-pages.ts).
export const MARKETING_URL = (
  process.env.NEXT_PUBLIC_MARKETING_URL || 'https://www.lumo.example'
).replace(/\/+$/, '');

export type MarketingPage = 'legal-notice' | 'privacy-and-cookies' | 'terms';

export function marketingUrl(locale: string, page: MarketingPage): string {
  return `${MARKETING_URL}/${locale}/${page}`;
}
