import { defineRouting } from 'next-intl/routing';

// The single definition of the site's languages: the proxy, navigation
// helpers, language switcher and static params all read it.
export const routing = defineRouting({
  locales: ['ar', 'de', 'en', 'es', 'fr', 'it', 'nl', 'pt', 'ru'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeDetection: true,
});

export type Locale = (typeof routing.locales)[number];
