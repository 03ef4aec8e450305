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

describe('an access coupon on /subscribe (SPEC 4, issue 15 item 4)', () => {
  it('goes to /products with the success notice, not to the profile, although the family now has every app', async () => {
    const { fireEvent, waitFor } = await import('@testing-library/react');
    const { useState } = await import('react');
    const { accessJustGranted, clearAccessNotice } = await import('./paymentNotice');
    const { jsonResponse } = await import('@/test/http');
    // The router the mocked navigation module hands out (jest.requireMock would give an automock of it).
    const { router: navigation } = jest.requireActual('@/test/navigation') as typeof import('@/test/navigation');
    Object.values(navigation).forEach((fn) => fn.mockReset());
    clearAccessNotice();
    (global.fetch as jest.Mock)
      .mockResolvedValueOnce(jsonResponse(201, {
        couponSerialNumber: 'LUMO-FAMILY', couponDurationCode: 'P1M', couponProduct: 'lumo_tv_books_games',
        couponType: 'FREE_ACCESS_COUPON', discountDetails: null,
      }))
      .mockResolvedValueOnce(jsonResponse(200, { status: true, data: { subscriptionId: 9 } }));
    const everything = account([subscription({ subscriptionType: 'lumo_tv_books_games', paymentStateId: 'Free_Campaign' })]);
    function Stateful() {
      const [parent, setParent] = useState<Account>(account([]));
      const reloadAccount = async () => { setParent(everything); return everything; };
      return (
        <StartupContext.Provider value={{ account: parent, reloadAccount }}>
          <PaymentPage mode="subscribe" />
        </StartupContext.Provider>
      );
    }
    renderWithIntl(<Stateful />);
    fireEvent.change(screen.getByLabelText(en.CouponField.label), { target: { value: 'lumo-family' } });
    fireEvent.click(screen.getByRole('button', { name: en.CouponField.apply }));
    await waitFor(() => expect(accessJustGranted()).toBe(true));
    await waitFor(() => expect(navigation.push).toHaveBeenCalledWith('/products'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigation.replace).not.toHaveBeenCalled();
    expect(accessJustGranted()).toBe(true);
    clearAccessNotice();
  });
});
