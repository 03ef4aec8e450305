import { screen } from '@testing-library/react';
import en from '@locales/en.json';
import { resetNavigation, setPathname } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import Footer from './Footer';
import HeaderNav from './HeaderNav';
import { headerLink } from './header-links';
import { marketingUrl, productPageUrl } from './marketing';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
});

describe('header links (SPEC 2)', () => {
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
    expect(screen.getByRole('link', { name: en.Header.register })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: en.Header.homeLink })).toHaveAttribute('href', '/homePage');
  });

  it('shows back-to-login on the forgotten-password page', () => {
    setPathname('/forgotten-password');
    renderWithIntl(<HeaderNav />);
    expect(screen.getByRole('link', { name: new RegExp(en.Header.backToLogin) })).toHaveAttribute('href', '/login');
  });
});

describe('footer (SPEC 2)', () => {
  it('has the product switcher, the information links and nine languages', () => {
    renderWithIntl(<Footer />);
    expect(screen.getByRole('link', { name: en.Footer.products.stories })).toHaveAttribute('href', 'https://www.lumo.example/lumo-stories');
    expect(screen.getByRole('link', { name: en.Footer.links.legal })).toHaveAttribute('href', 'https://www.lumo.example/en/legal-notice');
    expect(screen.getByRole('link', { name: en.Footer.links.support })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.Footer.links.privacy })).toBeInTheDocument();
    const languages = screen.getByRole('navigation', { name: en.LocaleSwitcher.label });
    expect(languages.querySelectorAll('a')).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de/');
  });

  it.each([
    ['ar', 'https://www.lumo.example/lumo-tv'],
    ['it', 'https://www.lumo.example/lumo-tv'],
    ['pt', 'https://www.lumo.example/lumo-tv'],
    ['en', 'https://www.lumo.example/lumo-tv'],
    ['de', 'https://www.lumo.example/de/lumo-tv'],
    ['fr', 'https://www.lumo.example/fr/lumo-tv'],
    ['ru', 'https://www.lumo.example/ru/lumo-tv'],
  ])('product pages in %s: %s', (locale, url) => {
    expect(productPageUrl(locale, 'tv')).toBe(url);
  });

  it('keeps the language in the other marketing links', () => {
    expect(marketingUrl('ar', 'help')).toBe('https://www.lumo.example/ar/help');
  });
});
