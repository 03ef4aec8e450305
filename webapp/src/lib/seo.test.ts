/** @jest-environment node */
import robots from '@/app/robots';
import sitemap, { PUBLIC_PATHS } from '@/app/sitemap';
import { getTranslations } from 'next-intl/server';
import { absoluteUrl, languageAlternates, OG_LOCALES, pageMetadata, siteUrl } from './seo';

jest.mock('next-intl/server', () => ({ getTranslations: jest.fn() }));

describe('SEO addresses', () => {
  beforeEach(() => {
    process.env.NEXT_PUBLIC_SITE_URL = 'https://www.lumo.test/';
  });
  afterEach(() => {
    delete process.env.NEXT_PUBLIC_SITE_URL;
  });

  it("gives og:locale in Open Graph's ar_AR style, with the other eight as alternates", async () => {
    (getTranslations as jest.Mock).mockResolvedValue((key: string) => `[${key}]`);
    const metadata = await pageMetadata({
      locale: 'ar',
      namespace: 'ContactPage',
      path: '/contact',
    });
    const og = metadata.openGraph as { locale: string; alternateLocale: string[] };
    expect(og.locale).toBe('ar_AR');
    expect(og.alternateLocale).toHaveLength(8);
    expect(og.alternateLocale).toContain('en_GB');
    expect(Object.values(OG_LOCALES).every((tag) => /^[a-z]{2}_[A-Z]{2}$/.test(tag))).toBe(true);
    expect(metadata.alternates?.canonical).toBe('https://www.lumo.test/ar/contact');
    expect(metadata.description).toBe('[description]');
  });

  it('builds canonical URLs with the optional locale prefix', () => {
    expect(siteUrl()).toBe('https://www.lumo.test');
    expect(absoluteUrl('en', '/homePage')).toBe('https://www.lumo.test/homePage');
    expect(absoluteUrl('ar', '/homePage')).toBe('https://www.lumo.test/ar/homePage');
  });

  it('lists hreflang alternates for the nine locales and x-default', () => {
    const languages = languageAlternates('/login');
    expect(Object.keys(languages).sort()).toEqual([
      'ar',
      'de',
      'en',
      'es',
      'fr',
      'it',
      'nl',
      'pt',
      'ru',
      'x-default',
    ]);
    expect(languages.de).toBe('https://www.lumo.test/de/login');
    expect(languages['x-default']).toBe('https://www.lumo.test/login');
  });

  it('puts every public page in every language in the sitemap', () => {
    const entries = sitemap();
    expect(entries).toHaveLength(PUBLIC_PATHS.length * 9);
    expect(entries.map((e) => e.url)).toContain('https://www.lumo.test/ru/register');
    expect(
      entries.find((e) => e.url === 'https://www.lumo.test/homePage')?.alternates?.languages,
    ).toMatchObject({
      ar: 'https://www.lumo.test/ar/homePage',
    });
    expect(entries.map((e) => e.url).some((url) => url.includes('subscribe'))).toBe(false);
  });

  it('keeps robots away from the API and the account pages, and names the sitemap', () => {
    const rules = robots();
    const { disallow } = rules.rules as { disallow: string[] };
    expect(disallow).toEqual(
      expect.arrayContaining(['/api/', '/reset-password', '/*/reset-password', '/subscribe']),
    );
    expect(disallow).not.toContain('/homePage');
    expect(rules.sitemap).toBe('https://www.lumo.test/sitemap.xml');
  });
});
