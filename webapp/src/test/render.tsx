import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import ar from '@locales/ar.json';
import en from '@locales/en.json';

const catalogues = { en, ar } as const;

/** Renders with the real catalogue of the given locale, as the layout does. */
export function renderWithIntl(ui: ReactElement, locale: keyof typeof catalogues = 'en') {
  return render(
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]} timeZone="UTC">
      {ui}
    </NextIntlClientProvider>,
  );
}
