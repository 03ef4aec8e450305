import { createPaymentProvider, providerKindFor } from './provider';
import { SandboxProvider, sandboxCardNonce } from './sandbox';
import { tokenizeMessage } from './tokenizeErrors';

jest.mock('./hosted', () => ({
  createHostedProvider: jest.fn(async () => ({ kind: 'hosted' })),
}));
const { createHostedProvider } = jest.requireMock('./hosted') as { createHostedProvider: jest.Mock };

const card = (number: string, cvv = '123') => ({ number, expiry: '12 / 30', cvv, holderName: 'Sam Lee' });

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
    const result = await provider.tokenizeCard(card('4111 1111 1111 1111'));
    expect(result).toEqual(expect.objectContaining({ ok: true, nonce: 'fake-valid-visa-nonce', method: 'card' }));
    expect(result.ok && result.deviceData).toBeTruthy();
  });
  it('refuses empty fields', async () => {
    expect(await provider.tokenizeCard({ ...card('4111111111111111'), holderName: '' }))
      .toEqual({ ok: false, message: 'fieldsEmpty' });
  });
  it('refuses invalid fields', async () => {
    expect(await provider.tokenizeCard({ ...card('4111111111111111'), expiry: '13 / 30' }))
      .toEqual({ ok: false, message: 'fieldsInvalid' });
  });
  it('gives the PayPal and Google Pay test nonces', async () => {
    expect(await provider.payWithPayPal()).toEqual(expect.objectContaining({ nonce: 'fake-paypal-billing-agreement-nonce', method: 'paypal' }));
    expect(await provider.payWithGooglePay()).toEqual(expect.objectContaining({ nonce: 'fake-android-pay-nonce', method: 'googlePay' }));
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
    ['SOMETHING_NEW', 'tokenizeFailed'],
  ])('%s -> %s', (code, message) => expect(tokenizeMessage({ code })).toBe(message));

  it('treats a closed Google Pay sheet as closed', () => {
    expect(tokenizeMessage({ statusCode: 'CANCELED' })).toBe('walletClosed');
    expect(tokenizeMessage(new Error('boom'))).toBe('tokenizeFailed');
  });
});
