import { screen } from '@testing-library/react';
import en from '@locales/en.json';
import type { Account } from '@/lib/account/account';
import { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { renderWithIntl } from '@/test/render';
import type { PaymentMode } from '@/lib/startup/decide';
import PaymentPage from './PaymentPage';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/lib/analytics', () => ({ track: jest.fn(), storedUtm: jest.fn() }));
jest.mock('@/components/pricing/usePlans', () => ({
  usePlans: () => ({ plans: require('@/components/pricing/test-plans').PLANS_FR, loading: false, failed: false, retry: jest.fn() }),
}));
jest.mock('@/components/payment/usePaymentProvider', () => ({
  usePaymentProvider: () => ({ status: 'loading', retry: jest.fn() }),
}));

const { router } = jest.requireMock('@/test/navigation') as typeof import('@/test/navigation');

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  global.fetch = jest.fn();
  Object.values(router).forEach((fn) => fn.mockReset());
});

function renderPage(parent: Account, mode: PaymentMode = 'subscribe') {
  renderWithIntl(
    <StartupContext.Provider value={{ account: parent, reloadAccount: jest.fn(async () => null) }}>
      <PaymentPage mode={mode} />
    </StartupContext.Provider>,
  );
}

const chosenPlan = () => screen.getByRole('group', { name: en.PricingCard.title }).querySelector('.pricing-card-plan');

describe('the plan preselected on the payment page', () => {
  it('is all three apps for a parent with none', () => {
    renderPage(account([]));
    expect(chosenPlan()).toHaveTextContent(en.Plans.lumo_tv_books_games);
  });

  it('leaves out TV for a parent who already has TV', () => {
    renderPage(account([subscription({ subscriptionType: 'lumo_tv', storeId: 'apple' })]));
    expect(chosenPlan()).toHaveTextContent(en.Plans.lumo_books_games);
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('leaves out every app of a bundle the parent has, but not those of an expired one', () => {
    renderPage(account([
      subscription({ id: 1, subscriptionType: 'lumo_tv_books' }),
      subscription({ id: 2, subscriptionType: 'lumo_games', isExpired: true }),
    ]));
    expect(chosenPlan()).toHaveTextContent(en.Plans.lumo_games);
  });

  it('keeps the apps of the parent\'s own pick that they lack', () => {
    window.sessionStorage.setItem('selectedPlan', JSON.stringify({ period: 'P1M', apps: ['tv', 'games'] }));
    renderPage(account([subscription({ subscriptionType: 'lumo_tv' })]));
    expect(chosenPlan()).toHaveTextContent(en.Plans.lumo_games);
    expect(screen.getByText('€4.99 / month')).toBeInTheDocument();
  });

  it('is unchanged on /resubscribe, where the parent renews what they have', () => {
    renderPage(account([subscription({ subscriptionType: 'lumo_tv', isRenewing: false })]), 'resubscribe');
    expect(chosenPlan()).toHaveTextContent(en.Plans.lumo_tv_books_games);
  });
});
