import { screen } from '@testing-library/react';
import en from '@locales/en.json';
import {
  accessJustGranted,
  clearAccessNotice,
  noteAccessGranted,
} from '@/components/subscribe/paymentNotice';
import { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { renderWithIntl } from '@/test/render';
import ProductsHub from './ProductsHub';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/lib/analytics', () => ({ track: jest.fn(), storedUtm: jest.fn() }));

const MADE_UP = '33612345678@sevamedia.partner.lumo.example';
const publisher = account(
  [
    subscription({
      subscriptionType: 'lumo_tv_books_games',
      paymentStateId: 'Free_Campaign',
      coupon: 'SEVA-2026',
      paymentMethod: 'coupon',
    }),
  ],
  { email: MADE_UP, isEmailFake: true, emailIsConfirmed: false },
);

function renderHub(parent = publisher) {
  renderWithIntl(
    <StartupContext.Provider
      value={{ account: parent, reloadAccount: jest.fn(async () => parent) }}
    >
      <ProductsHub />
    </StartupContext.Provider>,
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  clearAccessNotice();
});

describe('a publisher-coupon family on the hub (issue 15 item 6)', () => {
  it('is told to log in with its phone number and coupon, never with the made-up address', () => {
    renderHub();
    expect(screen.getByText(en.ProductsPage.steps.login.phoneText)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(MADE_UP);
  });

  it('sees that its coupon is active, right after redeeming it', () => {
    noteAccessGranted();
    renderHub();
    expect(screen.getByText(en.ProductsPage.accessGranted)).toBeInTheDocument();
    expect(accessJustGranted()).toBe(false); // shown once
  });

  it('is offered to add a real e-mail address', () => {
    renderHub();
    expect(screen.getByRole('dialog', { name: en.EmailOverlay.title })).toBeInTheDocument();
  });

  it('leaves a family with a real address its usual instructions', () => {
    renderHub(account([subscription({ paymentStateId: 'Active' })]));
    expect(
      screen.getByText('Open an app and log in with parent@example.com and your password.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
