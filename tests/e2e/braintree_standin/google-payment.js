import { BraintreeError, record, tokenizedCards } from './shared';

// braintree-web/google-payment (Google Pay API version 2): the PaymentDataRequest Braintree builds, and
// parseResponse turning Google's answer into a nonce (network-tokenized cards: CRYPTOGRAM_3DS).
export async function create({ client, googlePayVersion }) {
  if (!client) throw new BraintreeError({ type: 'MERCHANT', code: 'INSTANTIATION_OPTION_REQUIRED', message: 'options.client is required.' });
  if (googlePayVersion !== 2) throw new BraintreeError({ type: 'MERCHANT', code: 'GOOGLE_PAYMENT_UNSUPPORTED_VERSION', message: 'The Braintree SDK does not support Google Pay version 1.' });
  return {
    createPaymentDataRequest(overrides = {}) {
      return {
        apiVersion: 2, apiVersionMinor: 0, merchantInfo: { merchantId: 'standin' }, ...overrides,
        allowedPaymentMethods: [{
          type: 'CARD',
          parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['AMEX', 'DISCOVER', 'MASTERCARD', 'VISA'], billingAddressRequired: false },
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'braintree', 'braintree:merchantId': 'standin' } },
        }],
      };
    },
    async parseResponse(paymentData) {
      record('googlePayment.parseResponse', paymentData);
      const info = paymentData && paymentData.paymentMethodData && paymentData.paymentMethodData.info;
      if (!info) throw new BraintreeError({ code: 'GOOGLE_PAYMENT_GATEWAY_ERROR', message: 'There was an error when tokenizing the Google Pay payment method.' });
      const tokenized = info.assuranceDetails ? info.assuranceDetails.cardHolderAuthenticated !== false && info.authMethod === 'CRYPTOGRAM_3DS' : info.authMethod === 'CRYPTOGRAM_3DS';
      // A PAN_ONLY card goes through 3-D Secure: as Braintree's frictionless test card unless a test says otherwise.
      if (!tokenized) tokenizedCards.set('fake-valid-visa-nonce', window.__googlePayCardNumber || '4000000000001000');
      return { nonce: tokenized ? 'fake-android-pay-visa-nonce' : 'fake-valid-visa-nonce', type: 'AndroidPayCard',
        details: { bin: '411111', cardType: 'Visa', lastFour: info.cardDetails || '1111', isNetworkTokenized: tokenized } };
    },
    async teardown() {},
  };
}
