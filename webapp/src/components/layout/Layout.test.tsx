import { screen, within } from '@testing-library/react';
import en from '@locales/en.json';
import { resetNavigation, setPathname } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import Footer from './Footer';
import HeaderNav from './HeaderNav';
import { headerLink } from './header-links';
import { MARKETING_URL, marketingUrl } from './marketing';
import { productPath } from './site-pages';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
});

describe('header links (docs/product.md#screens)', () => {
  it.each([
    ['/homePage', false, 'login'],
    ['/register', false, 'login'],
    ['/login', false, 'register'],
    ['/forgotten-password', false, 'backToLogin'],
    ['/homePage', true, 'logout'],
    ['/login', true, 'logout'],
    ['/logout', true, 'none'],
  ] as const)('%s, logged in: %s -> %s', (path, loggedIn, link) => {
    expect(headerLink(path, loggedIn)).toBe(link);
  });

  it('offers no register link on a TV platform', () => {
    expect(headerLink('/login', false, true)).toBe('none');
    expect(headerLink('/homePage', false, true)).toBe('login');
  });

  it('shows the logout icon when a token is stored', () => {
    window.localStorage.setItem('kidj_ut', 'tok');
    setPathname('/register');
    renderWithIntl(<HeaderNav />);
    expect(screen.getByRole('link', { name: en.Header.logout })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('link', { name: en.Header.homeLink })).toHaveAttribute('href', '/');
  });

  it('shows the register link on the login page', () => {
    setPathname('/login');
    renderWithIntl(<HeaderNav />);
    expect(screen.getByRole('link', { name: en.Header.register })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: en.Header.homeLink })).toHaveAttribute(
      'href',
      '/homePage',
    );
  });

  it('shows back-to-login on the forgotten-password page', () => {
    setPathname('/forgotten-password');
    renderWithIntl(<HeaderNav />);
    expect(screen.getByRole('link', { name: new RegExp(en.Header.backToLogin) })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

describe('footer (docs/product.md#screens)', () => {
  it('has the product switcher, the information links and nine languages', () => {
    renderWithIntl(<Footer />);
    const apps = screen.getByRole('navigation', { name: en.Footer.productsLabel });
    expect(
      within(apps)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      [en.Footer.products.tv, '/lumo-tv'],
      [en.Footer.products.stories, '/lumo-stories'],
      [en.Footer.products.games, '/lumo-games'],
    ]);
    const info = screen.getByRole('navigation', { name: en.Footer.infoLabel });
    expect(
      within(info)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      [en.Footer.links.help, '/faq'],
      [en.Footer.links.about, '/about'],
      [en.Footer.links.learning, '/learning'],
      [en.Footer.links.legal, 'https://www.lumo.example/en/legal-notice'],
      [en.Footer.links.privacy, 'https://www.lumo.example/en/privacy-and-cookies'],
      [en.Footer.links.support, '/contact'],
      [en.CancelContract.link, '/cancel-contract'], // docs/consumer-law.md#cancellation-page
      [en.Withdrawal.function, '/withdraw'], // docs/consumer-law-withdrawal.md
    ]);
    const languages = screen.getByRole('navigation', { name: en.LocaleSwitcher.label });
    expect(languages.querySelectorAll('a')).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de/');
  });

  it('sends only the legal texts to the marketing site', () => {
    renderWithIntl(<Footer />);
    const external = screen
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith(MARKETING_URL));
    expect(external.map((a) => a.textContent)).toEqual([
      en.Footer.links.legal,
      en.Footer.links.privacy,
    ]);
  });

  it.each([
    ['tv', '/lumo-tv'],
    ['stories', '/lumo-stories'],
    ['games', '/lumo-games'],
  ] as const)('the %s product page is ours: %s', (app, path) => {
    expect(productPath(app)).toBe(path);
  });

  it('keeps the language in the marketing links', () => {
    expect(marketingUrl('ar', 'legal-notice')).toBe('https://www.lumo.example/ar/legal-notice');
    expect(marketingUrl('de', 'terms')).toBe('https://www.lumo.example/de/terms');
  });
});
