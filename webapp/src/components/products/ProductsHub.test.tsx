import { fireEvent, screen, within } from '@testing-library/react';
import en from '@locales/en.json';
import {
  accessJustGranted,
  clearAccessNotice,
  noteAccessGranted,
} from '@/components/subscribe/paymentNotice';
import { loadSelection, saveSelection } from '@/components/pricing/selection';
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

describe('a publisher-coupon family on the hub', () => {
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
    const address = screen.getByText('parent@example.com');
    expect(address.closest('p')).toHaveTextContent(
      'Open an app and log in with parent@example.com and your password.',
    );
    // Kept whole: its own box, left to right even in Arabic.
    expect(address.tagName).toBe('BDI');
    expect(address).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the hub laid out for a phone', () => {
  it('puts the steps and the main action before the app cards', () => {
    renderHub(account([subscription({ paymentStateId: 'Active' })]));
    const open = screen.getByRole('button', { name: en.ProductsPage.open });
    const firstCard = screen.getAllByRole('heading', { level: 2 }).find((h) => h.closest('ul'));
    expect(firstCard).toBeDefined();
    expect(
      open.compareDocumentPosition(firstCard as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("shows each subscribed app's icon and its two store badges", () => {
    renderHub(account([subscription({ paymentStateId: 'Active' })]));
    const tvCard = screen.getByRole('heading', { name: en.Plans.lumo_tv }).closest('li');
    expect(tvCard?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(
      within(tvCard as HTMLElement).getByRole('link', { name: en.ProductsPage.appStore }),
    ).toHaveAttribute('href', expect.stringContaining('apps.apple.com'));
    expect(
      within(tvCard as HTMLElement).getByRole('link', { name: en.ProductsPage.googlePlay }),
    ).toHaveAttribute('href', expect.stringContaining('play.google.com'));
  });
});

describe("an app's subscribe button on the hub", () => {
  it('opens the payment page with that app alone, keeping the period', () => {
    saveSelection({ period: 'P1M', apps: ['tv', 'books'] });
    renderHub(account([]));
    const games = screen.getByRole('link', {
      name: en.ProductsPage.subscribeTo.replace('{app}', en.Plans.lumo_games),
    });
    expect(games).toHaveAttribute('href', '/subscribe');
    fireEvent.click(games);
    expect(loadSelection()).toEqual({ period: 'P1M', apps: ['games'] });
  });
});
