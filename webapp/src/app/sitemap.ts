import type { MetadataRoute } from 'next';
import { routing } from '@/i18n/routing';
import { absoluteUrl, languageAlternates } from '@/lib/seo';

// Public, indexable pages (docs/product.md#screens "Public routes"); account pages stay out.
export const PUBLIC_PATHS = [
  '/homePage',
  '/register',
  '/login',
  '/forgotten-password',
  '/swisscom',
  '/coupon',
  '/intermarche',
  '/ACEF',
  '/contact',
  '/faq',
  '/about',
  '/learning',
  '/lumo-tv',
  '/lumo-stories',
  '/lumo-games',
  '/cancel-contract', // docs/consumer-law.md#cancellation-page
  '/withdraw', // docs/consumer-law-withdrawal.md
] as const;

export default function sitemap(): MetadataRoute.Sitemap {
  return PUBLIC_PATHS.flatMap((path) =>
    routing.locales.map((locale) => ({
      url: absoluteUrl(locale, path),
      changeFrequency: 'weekly' as const,
      priority: path === '/homePage' ? 1 : 0.6,
      alternates: { languages: languageAlternates(path) },
    })),
  );
}
