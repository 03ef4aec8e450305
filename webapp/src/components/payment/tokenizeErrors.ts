import type { PaymentMessage } from './provider';

// Braintree's tokenization error codes (hosted fields, PayPal, Google Pay) and
// the message each gets (SPEC 8: network error, duplicate payment, CVV
// verification failed, failed tokenization, empty fields, invalid fields).
const BY_CODE: Record<string, PaymentMessage> = {
  HOSTED_FIELDS_FIELDS_EMPTY: 'fieldsEmpty',
  HOSTED_FIELDS_FIELDS_INVALID: 'fieldsInvalid',
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: 'tokenizeNetwork',
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE: 'duplicatePayment',
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED: 'cvvFailed',
  HOSTED_FIELDS_FAILED_TOKENIZATION: 'tokenizeFailed',
  PAYPAL_POPUP_CLOSED: 'walletClosed',
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED: 'tokenizeFailed',
  PAYPAL_FLOW_FAILED: 'tokenizeFailed',
  GOOGLE_PAYMENT_NOT_ENABLED: 'tokenizeFailed',
  GOOGLE_PAYMENT_GATEWAY_ERROR: 'tokenizeNetwork',
  CLIENT_REQUEST_TIMEOUT: 'tokenizeNetwork',
  CLIENT_GATEWAY_NETWORK: 'tokenizeNetwork',
};

export function tokenizeMessage(error: unknown): PaymentMessage {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code];
  // Google Pay's own API says CANCELED when the sheet is closed.
  if ((error as { statusCode?: unknown } | null)?.statusCode === 'CANCELED') return 'walletClosed';
  return 'tokenizeFailed';
}
