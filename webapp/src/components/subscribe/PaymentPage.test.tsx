import { screen } from '@testing-library/react';
import en from '@locales/en.json';
import type { Account } from '@/lib/account/account';
import { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { renderWithIntl } from '@/test/render';
import { jsonResponse } from '@/test/http';
import type { PaymentMode } from '@/lib/startup/decide';
import PaymentPage from './PaymentPage';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/lib/analytics', () => ({ track: jest.fn(), storedUtm: jest.fn() }));
jest.mock('@/components/pricing/usePlans', () => ({
  usePlans: () => ({
    plans: require('@/components/pricing/test-plans').PLANS_FR,
    loading: false,
    failed: false,
    retry: jest.fn(),
  }),
}));
jest.mock('@/components/payment/usePaymentProvider', () => ({
  usePaymentProvider: () => ({ status: 'loading', retry: jest.fn() }),
}));

const { router } = jest.requireMock('@/test/navigation') as typeof import('@/test/navigation');

const QUOTE = {
  currency: 'EUR',
  period: 'P1M',
  price: '9.99',
  todayAmount: '0.00',
  firstChargeAmount: '9.99',
  firstChargeDate: '2026-11-30T10:00:00+00:00',
  freeDays: 7,
  freeReason: 'trial',
  discountPrice: null,
  discountCycles: 0,
  fullPriceFrom: null,
  couponKind: null,
};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  global.fetch = jest.fn(async (url: unknown) =>
    String(url).startsWith('/api/v5/braintree/quote')
      ? jsonResponse(200, QUOTE)
      : jsonResponse(500, {}),
  ) as unknown as typeof fetch;
  Object.values(router).forEach((fn) => fn.mockReset());
});

function renderPage(parent: Account, mode: PaymentMode = 'subscribe') {
  renderWithIntl(
    <StartupContext.Provider value={{ account: parent, reloadAccount: jest.fn(async () => null) }}>
      <PaymentPage mode={mode} />
    </StartupContext.Provider>,
  );
}

const chosenPlan = () =>
  screen.getByRole('group', { name: en.PricingCard.title }).querySelector('.pricing-card-plan');

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
    renderPage(
      account([
        subscription({ id: 1, subscriptionType: 'lumo_tv_books' }),
        subscription({ id: 2, subscriptionType: 'lumo_games', isExpired: true }),
      ]),
    );
    expect(chosenPlan()).toHaveTextContent(en.Plans.lumo_games);
  });

  it("keeps the apps of the parent's own pick that they lack", () => {
    window.sessionStorage.setItem(
      'selectedPlan',
      JSON.stringify({ period: 'P1M', apps: ['tv', 'games'] }),
    );
    renderPage(account([subscription({ subscriptionType: 'lumo_tv' })]));
    expect(chosenPlan()).toHaveTextContent(en.Plans.lumo_games);
    expect(screen.getByText('€4.99 / month')).toBeInTheDocument();
  });

  it('is unchanged on /resubscribe, where the parent renews what they have', () => {
    renderPage(
      account([subscription({ subscriptionType: 'lumo_tv', isRenewing: false })]),
      'resubscribe',
    );
    expect(chosenPlan()).toHaveTextContent(en.Plans.lumo_tv_books_games);
  });
});

describe('an access coupon on /subscribe (docs/product.md#flows)', () => {
  it('goes to /products with the success notice, not to the profile, although the family now has every app', async () => {
    const { fireEvent, waitFor } = await import('@testing-library/react');
    const { useState } = await import('react');
    const { accessJustGranted, clearAccessNotice } = await import('./paymentNotice');
    // The router the mocked navigation module hands out (jest.requireMock would give an automock of it).
    const { router: navigation } = jest.requireActual(
      '@/test/navigation',
    ) as typeof import('@/test/navigation');
    Object.values(navigation).forEach((fn) => fn.mockReset());
    clearAccessNotice();
    (global.fetch as jest.Mock).mockImplementation(async (url: string) => {
      if (url.startsWith('/api/v5/coupon/validate/LUMO-FAMILY')) {
        return jsonResponse(201, {
          couponSerialNumber: 'LUMO-FAMILY',
          couponDurationCode: 'P1M',
          couponProduct: 'lumo_tv_books_games',
          couponType: 'FREE_ACCESS_COUPON',
          discountDetails: null,
        });
      }
      if (url === '/api/v5/coupon/redeem')
        return jsonResponse(200, { status: true, data: { subscriptionId: 9 } });
      return jsonResponse(200, QUOTE);
    });
    const everything = account([
      subscription({ subscriptionType: 'lumo_tv_books_games', paymentStateId: 'Free_Campaign' }),
    ]);
    function Stateful() {
      const [parent, setParent] = useState<Account>(account([]));
      const reloadAccount = async () => {
        setParent(everything);
        return everything;
      };
      return (
        <StartupContext.Provider value={{ account: parent, reloadAccount }}>
          <PaymentPage mode="subscribe" />
        </StartupContext.Provider>
      );
    }
    renderWithIntl(<Stateful />);
    fireEvent.change(screen.getByLabelText(en.CouponField.label), {
      target: { value: 'lumo-family' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.CouponField.apply }));
    await waitFor(() => expect(accessJustGranted()).toBe(true));
    await waitFor(() => expect(navigation.push).toHaveBeenCalledWith('/products'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigation.replace).not.toHaveBeenCalled();
    expect(accessJustGranted()).toBe(true);
    clearAccessNotice();
  });
});

describe('the order summary', () => {
  it("states today's charge, the first charge with its date, the renewal and how to cancel, from the API", async () => {
    renderPage(account([]));
    const summary = await screen.findByRole('region', { name: en.PaymentPage.summary.title });
    expect(summary).toHaveTextContent('Charged today€0.00');
    expect(summary).toHaveTextContent('First charge€9.99 on November 30, 2026');
    expect(summary).toHaveTextContent('€9.99 per month, renewed automatically');
    expect(summary).toHaveTextContent(
      'Cancel from your account before November 30, 2026 and you pay nothing.',
    );
    const call = (global.fetch as jest.Mock).mock.calls.find(([url]) =>
      String(url).startsWith('/api/v5/braintree/quote'),
    );
    expect(call[0]).toBe(
      '/api/v5/braintree/quote?planId=lumo_tv_yearly_eur&product=lumo_tv_books_games&addOns=lumo_books&addOns=lumo_games',
    );
  });

  it('shows the price after a discount period, with Arabic dates and amounts', async () => {
    (global.fetch as jest.Mock).mockImplementation(async () =>
      jsonResponse(200, {
        ...QUOTE,
        price: '4.99',
        firstChargeAmount: '2.99',
        discountPrice: '2.99',
        discountCycles: 3,
        fullPriceFrom: '2027-02-28T10:00:00+00:00',
        couponKind: 'discount',
      }),
    );
    renderWithIntl(
      <StartupContext.Provider
        value={{ account: account([]), reloadAccount: jest.fn(async () => null) }}
      >
        <PaymentPage mode="subscribe" />
      </StartupContext.Provider>,
      'ar',
    );
    const { default: ar } = await import('@locales/ar.json');
    const summary = await screen.findByRole('region', { name: ar.PaymentPage.summary.title });
    expect(summary).toHaveTextContent(ar.PaymentPage.summary.then);
    const text = (summary.textContent ?? '')
      .replace(/[\u200e\u200f\u061c]/g, '')
      .replace(/\s/g, ' ');
    expect(text).toContain('4.99 € شهريًا ابتداءً من 28 فبراير 2027');
    expect(text).toContain('2.99 € في 30 نوفمبر 2026');
  });
});
