import type { CardField } from './cardFormat';
import type { PaymentMessage } from './provider';
import { threeDSecureMessage } from './threeDSecure';

// Braintree's tokenization error codes (hosted fields, PayPal Checkout, Google Pay, Apple Pay, 3-D Secure)
// and the message each gets (docs/product.md#errors: network error, duplicate payment, CVV verification failed, failed
// tokenization, empty fields, invalid fields, brand not accepted).
const BY_CODE: Record<string, PaymentMessage> = {
  HOSTED_FIELDS_FIELDS_EMPTY: 'fieldsEmpty',
  HOSTED_FIELDS_FIELDS_INVALID: 'fieldsInvalid',
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: 'tokenizeNetwork',
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE: 'duplicatePayment',
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED: 'cvvFailed',
  HOSTED_FIELDS_FAILED_TOKENIZATION: 'tokenizeFailed',
  PAYPAL_POPUP_CLOSED: 'walletClosed',
  PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED: 'walletClosed',
  PAYPAL_NOT_ENABLED: 'tokenizeFailed',
  PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED: 'tokenizeFailed',
  APPLE_PAY_MERCHANT_VALIDATION_FAILED: 'tokenizeFailed',
  APPLE_PAY_MERCHANT_VALIDATION_NETWORK: 'tokenizeNetwork',
  APPLE_PAY_TOKENIZATION: 'tokenizeFailed',
  APPLE_PAY_NOT_ENABLED: 'tokenizeFailed',
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED: 'tokenizeFailed',
  PAYPAL_FLOW_FAILED: 'tokenizeFailed',
  GOOGLE_PAYMENT_NOT_ENABLED: 'tokenizeFailed',
  GOOGLE_PAYMENT_GATEWAY_ERROR: 'tokenizeNetwork',
  CLIENT_REQUEST_TIMEOUT: 'tokenizeNetwork',
  CLIENT_GATEWAY_NETWORK: 'tokenizeNetwork',
};

/** Hosted fields' own names of the card fields -> ours. */
const FIELD_KEYS: Record<string, CardField> = {
  number: 'number',
  expirationDate: 'expiry',
  cvv: 'cvv',
  cardholderName: 'holderName',
};

/** The fields a hosted-fields error names (details.invalidFieldKeys); every card field when all are empty. */
export function tokenizeFields(error: unknown): CardField[] {
  const { code, details } = (error ?? {}) as {
    code?: unknown;
    details?: { invalidFieldKeys?: unknown };
  };
  if (code === 'HOSTED_FIELDS_FIELDS_EMPTY') return ['number', 'expiry', 'cvv'];
  const keys = Array.isArray(details?.invalidFieldKeys)
    ? (details.invalidFieldKeys as string[])
    : [];
  return keys.map((key) => FIELD_KEYS[key]).filter(Boolean);
}

export function tokenizeMessage(error: unknown): PaymentMessage {
  const code = (error as { code?: unknown } | null)?.code;
  // The gateway refuses a brand the merchant account does not accept with validation error 81703
  // ("Credit card type is not accepted by this merchant account"), inside the tokenization error's details.
  if (
    code === 'HOSTED_FIELDS_FAILED_TOKENIZATION' &&
    JSON.stringify((error as { details?: unknown }).details ?? null).includes('"81703"')
  ) {
    return 'cardBrandNotAccepted';
  }
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code];
  const threeDSecure = typeof code === 'string' ? threeDSecureMessage(code) : null;
  if (threeDSecure) return threeDSecure;
  // Google Pay's own API says CANCELED when the sheet is closed.
  if ((error as { statusCode?: unknown } | null)?.statusCode === 'CANCELED') return 'walletClosed';
  return 'tokenizeFailed';
}
