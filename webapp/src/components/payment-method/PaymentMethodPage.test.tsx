import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import type { Nonce, PaymentMessage } from '@/components/payment/provider';
import type { Account } from '@/lib/account/account';
import { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import PaymentMethodPage from './PaymentMethodPage';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/components/payment/usePaymentProvider', () => ({
  usePaymentProvider: (currency: string | null) =>
    currency ? { status: 'ready', provider: {}, retry: jest.fn() } : { status: 'loading' },
}));
// The payment form itself is tested on its own (PaymentForm.test.tsx): here it hands over a nonce.
jest.mock('@/components/payment/PaymentForm', () => ({
  __esModule: true,
  default: function FakeForm(props: {
    payLabel: string;
    payNote?: React.ReactNode;
    onNonce(nonce: Nonce, billingName: string): Promise<PaymentMessage | null>;
  }) {
    const [error, setError] = useState<PaymentMessage | null>(null);
    return (
      <div>
        {props.payNote}
        <button
          type="button"
          onClick={async () =>
            setError(
              await props.onNonce(
                { nonce: 'fake-valid-nonce', deviceData: null, method: 'card' },
                'Ana',
              ),
            )
          }
        >
          {props.payLabel}
        </button>
        {error && <p role="alert">{error}</p>}
      </div>
    );
  },
}));

const PAST_DUE = subscription({
  id: 7,
  subscriptionId: 7,
  paymentStateId: 'Past_Due',
  isExpired: true,
  paymentCard: { brand: 'Visa', last4: '1881' },
});
const ANSWER = {
  subscription: PAST_DUE,
  updatable: true,
  pastDue: true,
  amountDue: '4.99',
  method: 'card',
  card: { brand: 'Visa', last4: '1881' },
  payerEmail: null,
};
const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
  window.localStorage.clear();
});

function renderPage(
  props: { subscriptionId?: string; link?: string },
  parent: Account | null = null,
  locale: 'en' | 'ar' = 'en',
) {
  renderWithIntl(
    <StartupContext.Provider value={{ account: parent, reloadAccount: jest.fn(async () => null) }}>
      <PaymentMethodPage subscriptionId={props.subscriptionId} link={props.link} />
    </StartupContext.Provider>,
    locale,
  );
}

const sentHeaders = (call: number) =>
  fetchMock.mock.calls[call][1].headers as Record<string, string>;

describe('the payment-method page', () => {
  it('opens by the e-mail link without a login, shows what is due and pays it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, ANSWER)).mockResolvedValueOnce(
      jsonResponse(200, {
        ...PAST_DUE,
        paymentStateId: 'Active',
        isExpired: false,
        paymentCard: { brand: 'MasterCard', last4: '4444' },
        nextBillingDate: '2027-01-01T10:00:00+00:00',
      }),
    );
    renderPage({ subscriptionId: '7', link: 'tok-1' });

    expect(screen.getByText(en.PaymentMethodPage.loading)).toBeInTheDocument();
    expect(await screen.findByText(en.PaymentMethodPage.pastDueTitle)).toBeInTheDocument();
    expect(screen.getByText(/€4\.99 is due/)).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 1881')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/subscriptions/7/payment-method');
    expect(sentHeaders(0)['X-Payment-Link']).toBe('tok-1');
    expect(sentHeaders(0).Authorization).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Save and pay €4.99' }));

    expect(await screen.findByText(en.PaymentMethodPage.recovered)).toBeInTheDocument();
    expect(
      screen.getByText('Your payment method is updated: MasterCard ending in 4444.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Next billing date: January 1, 2027.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/v5/subscriptions/7/payment-method');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({
      nonce: 'fake-valid-nonce',
      deviceData: null,
      billingName: 'Ana',
    });
    expect(init.headers['X-Payment-Link']).toBe('tok-1');
    expect(init.headers['Idempotency-Key']).toBeTruthy();
    expect(screen.getByRole('link', { name: en.PaymentMethodPage.logIn })).toBeInTheDocument();
  });

  it("shows the gateway's reason and lets the parent try another method with a new key", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, ANSWER))
      .mockResolvedValueOnce(
        jsonResponse(400, { code: 0, message: 'paymentNotValid', errorMessage: 'paymentDeclined' }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { ...PAST_DUE, paymentStateId: 'Active' }));
    renderPage({ subscriptionId: '7' }, account([PAST_DUE]));
    fireEvent.click(await screen.findByRole('button', { name: 'Save and pay €4.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('paymentDeclined');
    const firstKey = fetchMock.mock.calls[1][1].headers['Idempotency-Key'];

    fireEvent.click(screen.getByRole('button', { name: 'Save and pay €4.99' }));
    expect(await screen.findByText(en.PaymentMethodPage.recovered)).toBeInTheDocument();
    expect(fetchMock.mock.calls[2][1].headers['Idempotency-Key']).not.toBe(firstKey);
    expect(screen.getByRole('link', { name: en.PaymentMethodPage.toProfile })).toBeInTheDocument();
  });

  it('an active subscription changes its method without a charge', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        ...ANSWER,
        subscription: subscription({ id: 7, paymentStateId: 'Active' }),
        pastDue: false,
        amountDue: null,
      }),
    );
    renderPage({ subscriptionId: '7' }, account([]));
    expect(
      await screen.findByRole('button', { name: en.PaymentMethodPage.save }),
    ).toBeInTheDocument();
    expect(screen.getByText(en.PaymentMethodPage.noChargeNow)).toBeInTheDocument();
    expect(screen.queryByText(en.PaymentMethodPage.pastDueTitle)).not.toBeInTheDocument();
  });

  it('a used or expired link says so and offers the login', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 0, message: 'paymentLinkInvalid' }));
    renderPage({ subscriptionId: '7', link: 'spent' });
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.paymentLinkInvalid);
    expect(screen.getByRole('link', { name: en.PaymentMethodPage.logIn })).toHaveAttribute(
      'href',
      expect.stringContaining('/login?returnTo='),
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument(); // no dead pay button
  });

  it('without a subscription in the address it calls nothing', () => {
    renderPage({});
    expect(screen.getByRole('alert')).toHaveTextContent(en.Errors.subscriptionNotFound);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Arabic', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, ANSWER));
    renderPage({ subscriptionId: '7', link: 'tok' }, null, 'ar');
    expect(await screen.findByText(ar.PaymentMethodPage.pastDueTitle)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ar.PaymentMethodPage.title);
    await waitFor(() => expect(screen.getByText(ar.PaymentMethodPage.onFile)).toBeInTheDocument());
  });
});
