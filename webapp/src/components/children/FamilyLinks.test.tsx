import { screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import ProductsHub from '@/components/products/ProductsHub';
import ProfileView from '@/components/profile/ProfileView';
import { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { renderWithIntl } from '@/test/render';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/lib/analytics', () => ({ track: jest.fn(), storedUtm: jest.fn() }));

const parent = account([
  subscription({ subscriptionType: 'lumo_tv_books_games', paymentStateId: 'Active' }),
]);
const withAccount = (node: React.ReactNode) => (
  <StartupContext.Provider value={{ account: parent, reloadAccount: jest.fn(async () => parent) }}>
    {node}
  </StartupContext.Provider>
);

beforeEach(() => {
  window.localStorage.clear();
  global.fetch = jest.fn(
    async () =>
      ({ ok: true, status: 200, headers: new Headers(), text: async () => '{}' }) as Response,
  );
});

describe('a way into parental controls and TV linking', () => {
  it.each([
    ['the profile', ProfileView],
    ['the hub', ProductsHub],
  ])('is offered on %s', (_where, Page) => {
    renderWithIntl(withAccount(<Page />));
    expect(screen.getByRole('link', { name: en.FamilyLinks.children })).toHaveAttribute(
      'href',
      '/children',
    );
    expect(screen.getByRole('link', { name: en.FamilyLinks.link })).toHaveAttribute(
      'href',
      '/link',
    );
  });

  it('speaks the page language', () => {
    renderWithIntl(withAccount(<ProfileView />), 'ar');
    expect(screen.getByRole('link', { name: ar.FamilyLinks.children })).toHaveAttribute(
      'href',
      '/children',
    );
  });
});
