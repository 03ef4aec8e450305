import {
  createHostedProvider,
  GOOGLE_PAY_METHODS,
  GOOGLE_PAY_NETWORKS,
  invalidFields,
  WALLET_LOAD_TIMEOUT_MS,
} from './hosted';

// braintree-web's modules, mocked at their documented surface: what hosted.ts asks of them.
const handlers: Record<string, (...args: never[]) => void> = {};
const fields = {
  on: jest.fn((event: string, handler: (...args: never[]) => void) => {
    handlers[`hf:${event}`] = handler;
  }),
  tokenize: jest.fn(async () => ({
    nonce: 'card-nonce',
    details: { bin: '400000', lastFour: '1091', cardType: 'Visa' },
  })),
  teardown: jest.fn(async () => undefined),
};
const threeDSecure = {
  on: jest.fn((event: string, handler: (...args: never[]) => void) => {
    handlers[`3ds:${event}`] = handler;
  }),
  off: jest.fn(),
  verifyCard: jest.fn(
    async (options: { nonce: string; onLookupComplete(d: unknown, next: () => void): void }) => {
      options.onLookupComplete({}, () => undefined);
      const element = document.createElement('div');
      (
        handlers['3ds:authentication-iframe-available'] as (
          e: { element: HTMLElement },
          next: () => void,
        ) => void
      )({ element }, () => undefined);
      return {
        nonce: `3ds-${options.nonce}`,
        liabilityShifted: true,
        liabilityShiftPossible: true,
      };
    },
  ),
  cancelVerifyCard: jest.fn(async () => ({})),
  teardown: jest.fn(async () => undefined),
};
const googlePayment = {
  createPaymentDataRequest: jest.fn(() => ({
    allowedPaymentMethods: [{ type: 'CARD', parameters: {} }],
  })),
  parseResponse: jest.fn(async () => ({
    nonce: 'gp-nonce',
    details: { bin: '411111', isNetworkTokenized: true },
  })),
  teardown: jest.fn(),
};
const checkout = {
  loadPayPalSDK: jest.fn(async () => ({
    FUNDING: { PAYPAL: 'paypal' },
    Buttons: jest.fn((options: Record<string, unknown>) => {
      paypalOptions = options;
      return { render: jest.fn(async () => undefined) };
    }),
  })),
  createPayment: jest.fn(async () => 'BA-1'),
  tokenizePayment: jest.fn(async () => ({ nonce: 'paypal-nonce' })),
  teardown: jest.fn(async () => undefined),
};
let paypalOptions: Record<string, unknown> = {};

jest.mock('braintree-web/client', () => ({
  create: jest.fn(async () => ({ teardown: jest.fn(async () => undefined) })),
}));
jest.mock('braintree-web/hosted-fields', () => ({ create: jest.fn(async () => fields) }));
jest.mock('braintree-web/data-collector', () => ({
  create: jest.fn(async () => ({ deviceData: '{"dd":1}', teardown: jest.fn() })),
}));
jest.mock('braintree-web/three-d-secure', () => ({ create: jest.fn(async () => threeDSecure) }));
jest.mock('braintree-web/google-payment', () => ({ create: jest.fn(async () => googlePayment) }));
jest.mock('braintree-web/paypal-checkout', () => ({ create: jest.fn(async () => checkout) }));

const challenge = { showBankFrame: jest.fn(), askSandbox: jest.fn(), close: jest.fn() };
const card = { number: '', expiry: '', cvv: '', holderName: 'Sam Lee' };
const check = {
  verification: { amount: '70.90', email: 'ana@example.com', billingName: 'Sam Lee' },
  challenge,
};

async function mounted() {
  const provider = await createHostedProvider('eyJlbnZpcm9ubWVudCI6InNhbmRib3gifQ==');
  await provider.mountCardFields({ number: 'n', expiry: 'e', cvv: 'c' }, onInvalid);
  return provider;
}
const onInvalid = jest.fn();

beforeEach(() => jest.clearAllMocks());

describe('cards with 3-D Secure 2', () => {
  it('verifies the tokenized card for the amount, with the bin, e-mail and billing name, and shows the challenge', async () => {
    const provider = await mounted();
    const result = await provider.tokenizeCard(card, check);
    expect(result).toEqual({
      ok: true,
      nonce: '3ds-card-nonce',
      deviceData: '{"dd":1}',
      method: 'card',
    });
    expect(fields.tokenize).toHaveBeenCalledWith({ cardholderName: 'Sam Lee' });
    expect(threeDSecure.verifyCard).toHaveBeenCalledWith(
      expect.objectContaining({
        amount: '70.90',
        nonce: 'card-nonce',
        bin: '400000',
        email: 'ana@example.com',
        billingAddress: { givenName: 'Sam', surname: 'Lee' },
        collectDeviceData: true,
      }),
    );
    expect(challenge.showBankFrame).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.any(Function),
    );
    expect(challenge.close).toHaveBeenCalled();
    expect(threeDSecure.off).toHaveBeenCalledWith(
      'authentication-iframe-available',
      expect.any(Function),
    );
  });

  it('cancels the verification when the parent closes the dialog', async () => {
    const provider = await mounted();
    await provider.tokenizeCard(card, check);
    (challenge.showBankFrame.mock.calls[0][1] as () => void)();
    expect(threeDSecure.cancelVerifyCard).toHaveBeenCalled();
  });

  it('maps a 3-D Secure error and a tokenization error, with the fields it names', async () => {
    const provider = await mounted();
    threeDSecure.verifyCard.mockRejectedValueOnce({ code: 'THREEDS_LOOKUP_ERROR' });
    expect(await provider.tokenizeCard(card, check)).toEqual({
      ok: false,
      message: 'threeDSecureUnavailable',
    });
    fields.tokenize.mockRejectedValueOnce({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      details: { invalidFieldKeys: ['number'] },
    });
    expect(await provider.tokenizeCard(card, check)).toEqual({
      ok: false,
      message: 'fieldsInvalid',
      fields: ['number'],
    });
  });

  it('refuses a brand the form does not take before tokenizing', async () => {
    const provider = await mounted();
    (handlers['hf:cardTypeChange'] as (e: { cards: { type: string }[] }) => void)({
      cards: [{ type: 'jcb' }],
    });
    expect(await provider.tokenizeCard(card, check)).toEqual({
      ok: false,
      message: 'cardBrandNotAccepted',
      fields: ['number'],
    });
    expect(fields.tokenize).not.toHaveBeenCalled();
  });

  it('reports invalid fields from validity events', async () => {
    await mounted();
    const state = (
      isValid: boolean,
      isPotentiallyValid: boolean,
      isEmpty = false,
      isFocused = false,
    ) => ({ isValid, isPotentiallyValid, isEmpty, isFocused });
    (handlers['hf:validityChange'] as (e: unknown) => void)({
      fields: {
        number: state(false, false),
        expirationDate: state(true, true),
        cvv: state(false, true, true),
      },
    });
    expect(onInvalid).toHaveBeenCalledWith(['number']);
    expect(invalidFields({ cvv: state(false, true, false, false) })).toEqual(['cvv']);
    expect(invalidFields({ cvv: state(false, true, false, true) })).toEqual([]); // still typing
  });
});

describe('wallets', () => {
  beforeEach(() => {
    (window as unknown as { google: unknown }).google = {
      payments: {
        api: { PaymentsClient: jest.fn(() => ({ loadPaymentData: jest.fn(async () => ({})) })) },
      },
    };
    document.head.appendChild(
      Object.assign(document.createElement('script'), {
        src: 'https://pay.google.com/gp/p/js/pay.js',
      }),
    );
  });

  it('asks Google Pay for VISA, MASTERCARD and AMEX, PAN_ONLY and CRYPTOGRAM_3DS', async () => {
    const provider = await mounted();
    expect(await provider.payWithGooglePay({ amount: '70.90', currency: 'EUR' }, check)).toEqual(
      expect.objectContaining({ ok: true, nonce: 'gp-nonce' }),
    );
    const request = googlePayment.createPaymentDataRequest.mock.results[0].value as {
      allowedPaymentMethods: { parameters: object }[];
    };
    expect(request.allowedPaymentMethods[0].parameters).toEqual({
      allowedCardNetworks: GOOGLE_PAY_NETWORKS,
      allowedAuthMethods: GOOGLE_PAY_METHODS,
    });
    expect(GOOGLE_PAY_NETWORKS).toEqual(['VISA', 'MASTERCARD', 'AMEX']);
    expect(threeDSecure.verifyCard).not.toHaveBeenCalled(); // network-tokenized: the device authenticated
  });

  it('puts a PAN_ONLY Google Pay card through 3-D Secure', async () => {
    const provider = await mounted();
    googlePayment.parseResponse.mockResolvedValueOnce({
      nonce: 'gp-pan',
      details: { bin: '411111', isNetworkTokenized: false },
    });
    expect(await provider.payWithGooglePay({ amount: '4.99', currency: 'EUR' }, check)).toEqual(
      expect.objectContaining({ nonce: '3ds-gp-pan' }),
    );
    expect(threeDSecure.verifyCard).toHaveBeenCalledWith(
      expect.objectContaining({ nonce: 'gp-pan', bin: '411111', amount: '70.90' }),
    );
  });

  it('draws PayPal Checkout in the vault flow and hands back the nonce or the cancel', async () => {
    const provider = await mounted();
    const onResult = jest.fn();
    await provider.mountPayPalButton(
      'pp',
      { amount: '4.99', currency: 'CHF' },
      { onStart: () => true, onResult },
    );
    expect(checkout.loadPayPalSDK).toHaveBeenCalledWith({
      vault: true,
      intent: 'tokenize',
      currency: 'CHF',
    });
    await (paypalOptions.createBillingAgreement as () => Promise<string>)();
    expect(checkout.createPayment).toHaveBeenCalledWith({ flow: 'vault', currency: 'CHF' });
    await (paypalOptions.onApprove as (d: unknown) => Promise<void>)({ billingToken: 'BA-1' });
    expect(onResult).toHaveBeenCalledWith({
      ok: true,
      nonce: 'paypal-nonce',
      deviceData: '{"dd":1}',
      method: 'paypal',
    });
    (paypalOptions.onCancel as () => void)();
    expect(onResult).toHaveBeenLastCalledWith({ ok: false, message: 'walletClosed' });
  });

  it('loads PayPal once per currency, ahead of the choice, and again after a failed load', async () => {
    const paypalModule = jest.requireMock('braintree-web/paypal-checkout') as { create: jest.Mock };
    const provider = await mounted();
    expect(paypalModule.create).not.toHaveBeenCalled(); // nothing of PayPal with the card fields
    await provider.preloadPayPal({ amount: '4.99', currency: 'EUR' });
    await provider.mountPayPalButton(
      'pp',
      { amount: '4.99', currency: 'EUR' },
      { onStart: () => true, onResult: jest.fn() },
    );
    expect(paypalModule.create).toHaveBeenCalledTimes(1);
    expect(checkout.loadPayPalSDK).toHaveBeenCalledTimes(1);

    const other = await mounted();
    checkout.loadPayPalSDK.mockRejectedValueOnce(new Error('PayPal SDK could not load'));
    await expect(other.preloadPayPal({ amount: '4.99', currency: 'EUR' })).rejects.toThrow();
    await other.mountPayPalButton(
      'pp',
      { amount: '4.99', currency: 'EUR' },
      { onStart: () => true, onResult: jest.fn() },
    );
    expect(checkout.loadPayPalSDK).toHaveBeenCalledTimes(3);
  });

  it('offers Apple Pay only where the browser has ApplePaySession', async () => {
    const provider = await mounted();
    expect(provider.canPayWithApplePay()).toBe(false);
    (window as unknown as { ApplePaySession: unknown }).ApplePaySession = {
      supportsVersion: () => true,
      canMakePayments: () => true,
    };
    expect(provider.canPayWithApplePay()).toBe(true);
    delete (window as unknown as { ApplePaySession?: unknown }).ApplePaySession;
  });
});

describe('a wallet whose code never arrives', () => {
  afterEach(() => jest.useRealTimers());

  it('fails PayPal after WALLET_LOAD_TIMEOUT_MS as a network error, and loads again on the next try', async () => {
    const provider = await mounted();
    jest.useFakeTimers();
    checkout.loadPayPalSDK.mockReturnValueOnce(new Promise(() => undefined) as never);
    const calls = checkout.loadPayPalSDK.mock.calls.length;
    const first = provider.preloadPayPal({ amount: '4.99', currency: 'EUR' });
    const failed = expect(first).rejects.toMatchObject({ code: 'CLIENT_GATEWAY_NETWORK' });
    await jest.advanceTimersByTimeAsync(WALLET_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    first.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false); // still waiting just before the limit
    await jest.advanceTimersByTimeAsync(1);
    await failed;
    await provider.preloadPayPal({ amount: '4.99', currency: 'EUR' });
    expect(checkout.loadPayPalSDK.mock.calls.length).toBe(calls + 2);
  });

  it('fails Google Pay when its script neither loads nor fails, and puts in a fresh script next time', async () => {
    document.head.querySelectorAll('script[src*="pay.google.com"]').forEach((s) => s.remove());
    const provider = await mounted();
    jest.useFakeTimers();
    const paying = provider.payWithGooglePay({ amount: '4.99', currency: 'EUR' }, check);
    await jest.advanceTimersByTimeAsync(0);
    const added = document.head.querySelector('script[src*="pay.google.com"]');
    expect(added).not.toBeNull();
    await jest.advanceTimersByTimeAsync(WALLET_LOAD_TIMEOUT_MS);
    await expect(paying).resolves.toEqual({ ok: false, message: 'tokenizeNetwork' });
    expect(document.head.querySelector('script[src*="pay.google.com"]')).toBeNull(); // taken out
    void provider.payWithGooglePay({ amount: '4.99', currency: 'EUR' }, check);
    await jest.advanceTimersByTimeAsync(0);
    const again = document.head.querySelector('script[src*="pay.google.com"]');
    expect(again).not.toBeNull();
    expect(again).not.toBe(added);
  });
});
