import { createPaymentProvider, providerKindFor } from './provider';
import { SandboxProvider, sandboxCardNonce } from './sandbox';
import { tokenizeFields, tokenizeMessage } from './tokenizeErrors';

jest.mock('./hosted', () => ({
  createHostedProvider: jest.fn(async () => ({ kind: 'hosted' })),
}));
const { createHostedProvider } = jest.requireMock('./hosted') as {
  createHostedProvider: jest.Mock;
};

const card = (number: string, cvv = '123') => ({
  number,
  expiry: '12 / 30',
  cvv,
  holderName: 'Sam Lee',
});
const challenge = {
  showBankFrame: jest.fn(),
  askSandbox: jest.fn(async () => 'authenticate' as const),
  close: jest.fn(),
};
const check = { verification: { amount: '4.99' }, challenge };

describe('choosing the payment provider', () => {
  it('uses the sandbox for the API sandbox gateway tokens', async () => {
    expect(providerKindFor('sandbox_eyJlbnYiOiJzYW5kYm94In0=')).toBe('sandbox');
    expect(await createPaymentProvider('sandbox_abc')).toBeInstanceOf(SandboxProvider);
    expect(createHostedProvider).not.toHaveBeenCalled();
  });

  it('loads Braintree hosted fields for any other client token', async () => {
    expect(providerKindFor('eyJ2ZXJzaW9uIjoyfQ==')).toBe('hosted');
    const provider = await createPaymentProvider('eyJ2ZXJzaW9uIjoyfQ==');
    expect(provider.kind).toBe('hosted');
    expect(createHostedProvider).toHaveBeenCalledWith('eyJ2ZXJzaW9uIjoyfQ==');
  });
});

describe('sandbox card numbers', () => {
  it.each([
    ['4111 1111 1111 1111', 'fake-valid-visa-nonce'],
    ['4005 5192 0000 0004', 'fake-valid-visa-nonce'],
    ['5555 5555 5555 4444', 'fake-valid-mastercard-nonce'],
    ['3782 8224 6310 005', 'fake-valid-amex-nonce'],
    ['4000 1111 1111 1115', 'fake-processor-declined-visa-nonce'],
    ['4000 1111 1111 1511', 'fake-gateway-rejected-fraud-nonce'],
    ['4111 1111 1111 1112', 'fake-luhn-invalid-nonce'],
    ['4242 4242 4242 4242', 'fake-valid-nonce'], // another valid Visa
    ['3530 1113 3330 0000', 'fake-brand-not-accepted-nonce'], // JCB
    ['6011 1111 1111 1117', 'fake-brand-not-accepted-nonce'], // Discover: no mark shown, not taken
  ])('%s -> %s', (number, nonce) => {
    expect(sandboxCardNonce(card(number, number.startsWith('37') ? '1234' : '123'))).toBe(nonce);
  });

  it('fails the CVV check with CVV 200', () => {
    expect(sandboxCardNonce(card('4111111111111111', '200'))).toBe('fake-cvv-failed-nonce');
  });
});

describe('sandbox provider', () => {
  const provider = new SandboxProvider();

  it('tokenizes a complete card with device data', async () => {
    const result = await provider.tokenizeCard(card('4111 1111 1111 1111'), check);
    expect(result).toEqual(
      expect.objectContaining({ ok: true, nonce: 'fake-valid-visa-nonce', method: 'card' }),
    );
    expect(result.ok && result.deviceData).toBeTruthy();
  });
  it('refuses empty fields', async () => {
    expect(
      await provider.tokenizeCard({ ...card('4111111111111111'), holderName: '' }, check),
    ).toEqual({ ok: false, message: 'fieldsEmpty', fields: ['holderName'] });
  });
  it('refuses invalid fields', async () => {
    expect(
      await provider.tokenizeCard({ ...card('4111111111111111'), expiry: '13 / 30' }, check),
    ).toEqual({ ok: false, message: 'fieldsInvalid', fields: ['expiry'] });
  });
  it('stops a Luhn-invalid number or an Amex of the wrong length in the form, with no nonce', async () => {
    expect(await provider.tokenizeCard(card('4111 1111 1111 1112'), check)).toEqual({
      ok: false,
      message: 'fieldsInvalid',
      fields: ['number'],
    });
    expect(
      await provider.tokenizeCard({ ...card('3782 822463 1000'), cvv: '1234' }, check),
    ).toEqual({ ok: false, message: 'fieldsInvalid', fields: ['number'] });
    expect(
      await provider.tokenizeCard({ ...card('3782 822463 10005'), cvv: '1234' }, check),
    ).toEqual(expect.objectContaining({ ok: true, nonce: 'fake-valid-amex-nonce' }));
  });
  it('gives the PayPal and Google Pay test nonces', async () => {
    expect(await provider.payWithPayPal()).toEqual(
      expect.objectContaining({ nonce: 'fake-paypal-billing-agreement-nonce', method: 'paypal' }),
    );
    expect(await provider.payWithGooglePay()).toEqual(
      expect.objectContaining({ nonce: 'fake-android-pay-visa-nonce', method: 'googlePay' }),
    );
    expect(await provider.payWithApplePay()).toEqual(
      expect.objectContaining({ nonce: 'fake-apple-pay-visa-nonce', method: 'applePay' }),
    );
  });
});

describe('sandbox 3-D Secure', () => {
  const provider = new SandboxProvider();
  beforeEach(() => jest.clearAllMocks());

  it('passes a frictionless authentication without asking the parent', async () => {
    expect(await provider.tokenizeCard(card('4000 0000 0000 1000'), check)).toEqual(
      expect.objectContaining({
        ok: true,
        nonce: 'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce',
      }),
    );
    expect(challenge.askSandbox).not.toHaveBeenCalled();
  });
  it.each([
    [
      'authenticate',
      { ok: true, nonce: 'fake-three-d-secure-two-visa-successful-step-up-authentication-nonce' },
    ],
    ['fail', { ok: true, nonce: 'fake-three-d-secure-visa-failed-authentication-nonce' }],
    ['cancel', { ok: false, message: 'threeDSecureCancelled' }],
  ] as const)('plays the challenge card: %s', async (answer, expected) => {
    challenge.askSandbox.mockResolvedValueOnce(answer as never);
    expect(await provider.tokenizeCard(card('4000 0000 0000 1091'), check)).toEqual(
      expect.objectContaining(expected),
    );
    expect(challenge.close).toHaveBeenCalled();
  });
  it('gives lookup errors and unavailable issuers their 3-D Secure nonces', async () => {
    expect(await provider.tokenizeCard(card('4000 0000 0000 1067'), check)).toEqual(
      expect.objectContaining({ nonce: 'fake-three-d-secure-two-visa-error-on-lookup-nonce' }),
    );
    expect(await provider.tokenizeCard(card('4000 0000 0000 1034'), check)).toEqual(
      expect.objectContaining({
        nonce: 'fake-three-d-secure-visa-authentication-unavailable-nonce',
      }),
    );
  });
});

describe('Braintree tokenization errors', () => {
  it.each([
    ['HOSTED_FIELDS_FIELDS_EMPTY', 'fieldsEmpty'],
    ['HOSTED_FIELDS_FIELDS_INVALID', 'fieldsInvalid'],
    ['HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', 'tokenizeNetwork'],
    ['HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE', 'duplicatePayment'],
    ['HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED', 'cvvFailed'],
    ['HOSTED_FIELDS_FAILED_TOKENIZATION', 'tokenizeFailed'],
    ['PAYPAL_POPUP_CLOSED', 'walletClosed'],
    ['THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT', 'threeDSecureCancelled'],
    ['THREEDS_LOOKUP_ERROR', 'threeDSecureUnavailable'],
    ['THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT', 'threeDSecureUnavailable'],
    ['THREEDS_SOMETHING_NEW', 'threeDSecureUnavailable'],
    ['APPLE_PAY_MERCHANT_VALIDATION_NETWORK', 'tokenizeNetwork'],
    ['SOMETHING_NEW', 'tokenizeFailed'],
  ])('%s -> %s', (code, message) => expect(tokenizeMessage({ code })).toBe(message));

  it('reads a brand the merchant account refuses (gateway error 81703)', () => {
    const error = {
      code: 'HOSTED_FIELDS_FAILED_TOKENIZATION',
      details: { originalError: { fieldErrors: [{ code: '81703' }] } },
    };
    expect(tokenizeMessage(error)).toBe('cardBrandNotAccepted');
  });

  it('names the fields an error is about', () => {
    expect(tokenizeFields({ code: 'HOSTED_FIELDS_FIELDS_EMPTY' })).toEqual([
      'number',
      'expiry',
      'cvv',
    ]);
    expect(
      tokenizeFields({
        code: 'HOSTED_FIELDS_FIELDS_INVALID',
        details: { invalidFieldKeys: ['cvv', 'expirationDate'] },
      }),
    ).toEqual(['cvv', 'expiry']);
    expect(tokenizeFields(new Error('x'))).toEqual([]);
  });

  it('treats a closed Google Pay sheet as closed', () => {
    expect(tokenizeMessage({ statusCode: 'CANCELED' })).toBe('walletClosed');
    expect(tokenizeMessage(new Error('boom'))).toBe('tokenizeFailed');
  });
});
