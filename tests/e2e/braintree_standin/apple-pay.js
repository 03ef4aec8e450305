import { BraintreeError, record } from './shared';

// braintree-web/apple-pay: the payment request, merchant validation and tokenizing Apple's token.
export async function create({ client }) {
  if (!client) throw new BraintreeError({ type: 'MERCHANT', code: 'INSTANTIATION_OPTION_REQUIRED', message: 'options.client is required.' });
  return {
    createPaymentRequest(request) {
      return { countryCode: 'US', currencyCode: 'EUR', merchantCapabilities: ['supports3DS'], supportedNetworks: ['visa', 'masterCard', 'amex'], ...request };
    },
    async performValidation(options) {
      record('applePay.performValidation', options);
      if (!options || !options.validationURL) throw new BraintreeError({ type: 'MERCHANT', code: 'APPLE_PAY_VALIDATION_URL_REQUIRED', message: 'performValidation must be called with a validationURL.' });
      return { merchantSessionIdentifier: 'standin' };
    },
    async tokenize({ token }) {
      record('applePay.tokenize', {});
      if (!token) throw new BraintreeError({ type: 'MERCHANT', code: 'APPLE_PAY_PAYMENT_TOKEN_REQUIRED', message: 'tokenize must be called with a payment token.' });
      return { nonce: 'fake-apple-pay-visa-nonce', type: 'ApplePayCard', details: { cardType: 'Visa' } };
    },
    async teardown() {},
  };
}
