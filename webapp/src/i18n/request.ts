import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;

  // The catalogues live at the repository root (shared with the API and e-mails).
  const messages = (await import(`../../../locales/${locale}.json`)).default;
  return { locale, messages };
});
