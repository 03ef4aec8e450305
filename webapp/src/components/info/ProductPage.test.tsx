import { screen, within } from '@testing-library/react';
import ar from '@locales/ar.json';
import de from '@locales/de.json';
import en from '@locales/en.json';
import { PRODUCT_APPS, type ProductApp } from '@/components/layout/site-pages';
import { AGE_FILTERS } from '@/lib/api/children';
import { renderInLocale } from '@/test/render-locale';
import { AGE_BANDS } from './products';
import ProductPage from './ProductPage';

const t = en.ProductInfoPage;
const OTHERS: Record<ProductApp, ProductApp[]> = {
  tv: ['stories', 'games'],
  stories: ['tv', 'games'],
  games: ['tv', 'stories'],
};

describe.each(PRODUCT_APPS)('/lumo-%s (docs/product.md#screens)', (app) => {
  beforeEach(() => renderInLocale(<ProductPage app={app} />, 'en'));

  it("shows this app's hero with the free-trial call to action", () => {
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      t[app].title,
    ]);
    expect(screen.getByText(t[app].text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.HomePage.emailForm.submit })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByText(en.HomePage.hero.trial)).toBeInTheDocument();
  });

  it("lists this app's four features", () => {
    const features = screen.getByRole('region', { name: t.featuresHeading });
    const f = t[app].features;
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([f.f1.title, f.f2.title, f.f3.title, f.f4.title]);
  });

  it("shows this app's two age bands", () => {
    const ages = screen.getByRole('region', { name: t.agesHeading });
    const [young, older] = AGE_BANDS[app];
    expect(
      within(ages)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([`${young.from} to ${young.to} years`, `${older.from} to ${older.to} years`]);
    expect(within(ages).getByText(t[app].ages.young)).toBeInTheDocument();
    expect(within(ages).getByText(t[app].ages.older)).toBeInTheDocument();
  });

  it('links to the two other product pages, not to itself', () => {
    const others = screen.getByRole('region', { name: t.othersHeading });
    expect(
      within(others)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(OTHERS[app].map((other) => [t[other].link, `/lumo-${other}`]));
    expect(screen.queryByRole('link', { name: t[app].link })).not.toBeInTheDocument();
  });

  it('keeps its headings in order', () => {
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });
});

it('shows the age bands of the parental settings (lib/api/children AGE_FILTERS)', () => {
  const settingsApp = { tv: 'tv', stories: 'books', games: 'games' } as const;
  PRODUCT_APPS.forEach((app) => {
    expect(AGE_BANDS[app].map(({ from, to }) => `${from}-${to}`)).toEqual(
      AGE_FILTERS[settingsApp[app]].slice(0, 2),
    );
  });
});

it('renders the German page with German texts and prefixed links', () => {
  renderInLocale(<ProductPage app="games" />, 'de');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    de.ProductInfoPage.games.title,
  );
  expect(screen.getByRole('link', { name: de.HomePage.emailForm.submit })).toHaveAttribute(
    'href',
    '/de/register',
  );
  expect(screen.getByRole('link', { name: de.ProductInfoPage.tv.link })).toHaveAttribute(
    'href',
    '/de/lumo-tv',
  );
  expect(screen.getByRole('heading', { level: 3, name: '7 bis 10 Jahre' })).toBeInTheDocument();
});

it('renders the Arabic page with Arabic texts', () => {
  renderInLocale(<ProductPage app="stories" />, 'ar');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    ar.ProductInfoPage.stories.title,
  );
  expect(screen.getByRole('heading', { level: 3, name: 'من 3 إلى 6 سنوات' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: ar.ProductInfoPage.games.link })).toHaveAttribute(
    'href',
    '/ar/lumo-games',
  );
});
