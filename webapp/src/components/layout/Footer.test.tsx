import { screen, within } from '@testing-library/react';
import { routing, type Locale } from '@/i18n/routing';
import { CATALOGUES, renderInLocale } from '@/test/render-locale';
import Footer from './Footer';

// The real locale-aware Link (as-needed prefix, en without one); only the router hook is stubbed.
jest.mock('@/i18n/navigation', () => ({
  ...jest.requireActual('@/i18n/navigation'),
  usePathname: () => '/',
}));

const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
// docs/product.md#screens "Footer": ar, it, pt and en product links carry no language path.
const productPrefix = (locale: Locale) =>
  ['ar', 'it', 'pt', 'en'].includes(locale) ? '' : `/${locale}`;

describe('footer links in every locale (docs/product.md#screens)', () => {
  it.each([...routing.locales])(
    '%s: product, help, about, learning and support pages are ours',
    (locale) => {
      renderInLocale(<Footer />, locale);
      const t = CATALOGUES[locale].Footer;
      const apps = screen.getByRole('navigation', { name: t.productsLabel });
      expect(within(apps).getByRole('link', { name: t.products.tv })).toHaveAttribute(
        'href',
        `${productPrefix(locale)}/lumo-tv`,
      );
      expect(within(apps).getByRole('link', { name: t.products.stories })).toHaveAttribute(
        'href',
        `${productPrefix(locale)}/lumo-stories`,
      );
      expect(within(apps).getByRole('link', { name: t.products.games })).toHaveAttribute(
        'href',
        `${productPrefix(locale)}/lumo-games`,
      );
      const info = screen.getByRole('navigation', { name: t.infoLabel });
      expect(within(info).getByRole('link', { name: t.links.help })).toHaveAttribute(
        'href',
        `${prefix(locale)}/faq`,
      );
      expect(within(info).getByRole('link', { name: t.links.about })).toHaveAttribute(
        'href',
        `${prefix(locale)}/about`,
      );
      expect(within(info).getByRole('link', { name: t.links.learning })).toHaveAttribute(
        'href',
        `${prefix(locale)}/learning`,
      );
      expect(within(info).getByRole('link', { name: t.links.support })).toHaveAttribute(
        'href',
        `${prefix(locale)}/contact`,
      );
      expect(within(info).getByRole('link', { name: t.links.legal })).toHaveAttribute(
        'href',
        `https://www.lumo.example/${locale}/legal-notice`,
      );
      expect(within(info).getByRole('link', { name: t.links.privacy })).toHaveAttribute(
        'href',
        `https://www.lumo.example/${locale}/privacy-and-cookies`,
      );
      // The cancellation and withdrawal functions, next to each other on every page.
      const c = CATALOGUES[locale];
      expect(within(info).getByRole('link', { name: c.CancelContract.link })).toHaveAttribute(
        'href',
        `${prefix(locale)}/cancel-contract`,
      );
      expect(within(info).getByRole('link', { name: c.Withdrawal.function })).toHaveAttribute(
        'href',
        `${prefix(locale)}/withdraw`,
      );
    },
  );
});
