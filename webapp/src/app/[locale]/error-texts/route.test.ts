/** @jest-environment node */
import de from '@locales/de.json';
import en from '@locales/en.json';
import { routing } from '@/i18n/routing';
import { generateStaticParams, GET } from './route';

jest.mock('next-intl/server', () => ({
  setRequestLocale: jest.fn(),
  getMessages: jest.fn(async ({ locale }: { locale: string }) =>
    locale === 'de'
      ? jest.requireActual('@locales/de.json')
      : jest.requireActual('@locales/en.json'),
  ),
}));

describe('/<locale>/error-texts (issue 20: error texts fetched when one is shown)', () => {
  it("answers the locale's whole Errors namespace", async () => {
    const response = await GET(new Request('http://localhost/de/error-texts'), {
      params: Promise.resolve({ locale: 'de' }),
    });
    expect(await response.json()).toEqual(de.Errors);
    expect(de.Errors).not.toEqual(en.Errors);
  });

  it('is written at build time for every language', () => {
    expect(generateStaticParams()).toEqual(routing.locales.map((locale) => ({ locale })));
  });
});
