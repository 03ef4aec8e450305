/** @jest-environment node */
import { createTranslator } from 'next-intl';
import sitemap from '@/app/sitemap';
import * as about from '@/app/[locale]/(site)/about/page';
import * as faq from '@/app/[locale]/(site)/faq/page';
import * as learning from '@/app/[locale]/(site)/learning/page';
import * as games from '@/app/[locale]/(site)/lumo-games/page';
import * as stories from '@/app/[locale]/(site)/lumo-stories/page';
import * as tv from '@/app/[locale]/(site)/lumo-tv/page';
import { routeKind } from '@/lib/startup/routes';
import { CATALOGUES } from '@/test/render-locale';
import type { Locale } from '@/i18n/routing';

jest.mock('next-intl/server', () => ({
  setRequestLocale: jest.fn(),
  getTranslations: async ({ locale, namespace }: { locale: Locale; namespace: string }) =>
    createTranslator({
      locale,
      messages: require('@/test/render-locale').CATALOGUES[locale],
      namespace: namespace as never,
    }),
}));

const PAGES = [
  ['/faq', faq, 'FaqPage'],
  ['/about', about, 'AboutPage'],
  ['/learning', learning, 'LearningPage'],
  ['/lumo-tv', tv, 'ProductInfoPage.tv'],
  ['/lumo-stories', stories, 'ProductInfoPage.stories'],
  ['/lumo-games', games, 'ProductInfoPage.games'],
] as const;

type Node = { [key: string]: string | Node };

function texts(locale: Locale, namespace: string) {
  const node = namespace
    .split('.')
    .reduce<Node>((n, key) => n[key] as Node, CATALOGUES[locale] as unknown as Node);
  return node as { title: string; description: string };
}

beforeAll(() => {
  process.env.NEXT_PUBLIC_SITE_URL = 'https://www.lumo.test';
});
afterAll(() => {
  delete process.env.NEXT_PUBLIC_SITE_URL;
});

describe.each(PAGES)('%s (docs/product.md#screens)', (path, page, namespace) => {
  it.each(['en', 'de', 'ar'] as const)(
    'has a localized title, description, canonical and hreflang in %s',
    async (locale) => {
      const metadata = await page.generateMetadata({ params: Promise.resolve({ locale }) });
      expect(metadata.title).toBe(texts(locale, namespace).title);
      expect(metadata.description).toBe(texts(locale, namespace).description);
      const url = `https://www.lumo.test${locale === 'en' ? '' : `/${locale}`}${path}`;
      expect(metadata.alternates?.canonical).toBe(url);
      expect(metadata.alternates?.languages).toMatchObject({
        en: `https://www.lumo.test${path}`,
        ru: `https://www.lumo.test/ru${path}`,
        'x-default': `https://www.lumo.test${path}`,
      });
      expect(metadata.robots).toEqual({ index: true, follow: true });
    },
  );

  it('is in the sitemap in the nine languages', () => {
    const urls = sitemap().map((entry) => entry.url);
    expect(urls).toContain(`https://www.lumo.test${path}`);
    expect(urls).toContain(`https://www.lumo.test/pt${path}`);
  });

  it('is open to visitors who are not logged in', () => {
    expect(routeKind(path)).toBe('public');
  });

  it('rejects an unknown locale', async () => {
    await expect(page.default({ params: Promise.resolve({ locale: 'xx' }) })).rejects.toThrow();
  });
});
