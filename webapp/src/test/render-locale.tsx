import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import ar from '@locales/ar.json';
import de from '@locales/de.json';
import en from '@locales/en.json';
import es from '@locales/es.json';
import fr from '@locales/fr.json';
import it from '@locales/it.json';
import nl from '@locales/nl.json';
import pt from '@locales/pt.json';
import ru from '@locales/ru.json';
import type { Locale } from '@/i18n/routing';

export const CATALOGUES: Record<Locale, typeof en> = {
  ar,
  de,
  en,
  es,
  fr,
  it,
  nl,
  pt,
  ru,
} as Record<Locale, typeof en>;

/** Renders with the real catalogue of any of the nine locales (render.tsx has en and ar only). */
export function renderInLocale(ui: ReactElement, locale: Locale) {
  return render(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      {ui}
    </NextIntlClientProvider>,
  );
}
