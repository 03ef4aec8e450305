// The site's own informational pages (docs/product.md#screens). Paths carry no locale: links go
// through '@/i18n/navigation', which adds the prefix of every locale but the default (en).

export type ProductApp = 'tv' | 'stories' | 'games';
export const PRODUCT_APPS: readonly ProductApp[] = ['tv', 'stories', 'games'];

/** /lumo-tv, /lumo-stories, /lumo-games (the product switcher of docs/product.md#screens "Footer"). */
export function productPath(app: ProductApp) {
  return `/lumo-${app}` as const;
}

/**
 * docs/product.md#screens "Footer": in these languages the product switcher's links carry no language path
 * (the site's middleware then answers in the visitor's language); the others keep theirs.
 */
export const PRODUCT_LINKS_WITHOUT_LOCALE: ReadonlySet<string> = new Set(['ar', 'it', 'pt', 'en']);

export const INFO_PATHS = {
  help: '/faq',
  about: '/about',
  learning: '/learning',
  support: '/contact',
} as const;
