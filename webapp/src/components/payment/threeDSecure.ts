import type { PaymentMessage } from './provider';

// 3-D Secure 2 on the web (docs/taking-real-money.md): which amount the bank authenticates, what we tell it of
// the payer, and what its errors mean for the parent. The server decides whether a payment may go on.

/**
 * The amount authenticated when nothing is charged at once (a free trial, free coupon time): the card
 * verification's, which the server sends with the card (core/domain/three_d_secure.py, same value; a test
 * compares). Braintree's 3-D Secure refuses a zero amount.
 */
export const CARD_VERIFICATION_AMOUNT = '1.00';

/** The first charge, in the currency's units ("70.90"), or the card verification when the first days are free. */
export function threeDSecureAmount(firstChargeCents: number, freeDaysFirst: boolean): string {
  return freeDaysFirst || firstChargeCents <= 0
    ? CARD_VERIFICATION_AMOUNT
    : (firstChargeCents / 100).toFixed(2);
}

/** 3-D Secure's billing name takes printable ASCII only (else THREEDS_LOOKUP_VALIDATION_ERROR): other names are left out. */
export function billingAddressOf(
  holderName: string,
): { givenName: string; surname: string } | undefined {
  const name = holderName.trim().replace(/\s+/g, ' ');
  if (!name || !/^[\x20-\x7e]+$/.test(name)) return undefined;
  const [givenName, ...rest] = name.split(' ');
  return { givenName: givenName.slice(0, 50), surname: (rest.join(' ') || givenName).slice(0, 50) };
}

/** A partner's placeholder address (docs/product.md#flows: fake e-mails of store users) is no help to the bank. */
export function verificationEmail(
  email: string | null | undefined,
  isEmailFake: boolean | undefined,
): string | undefined {
  return email && !isEmailFake ? email : undefined;
}

/** braintree-web's three-d-secure errors -> the parent's message. */
const THREEDS_MESSAGES: Record<string, PaymentMessage> = {
  THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT: 'threeDSecureCancelled',
  THREEDS_CARDINAL_SDK_CANCELED: 'threeDSecureCancelled',
  THREEDS_LOOKUP_VALIDATION_ERROR: 'tokenizeFailed',
  THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR: 'tokenizeFailed',
  THREEDS_LOOKUP_ERROR: 'threeDSecureUnavailable',
  THREEDS_JWT_AUTHENTICATION_FAILED: 'threeDSecureUnavailable',
  THREEDS_CARDINAL_SDK_SETUP_FAILED: 'threeDSecureUnavailable',
  THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT: 'threeDSecureUnavailable',
  THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT: 'threeDSecureUnavailable',
  THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED: 'threeDSecureUnavailable',
  THREEDS_CARDINAL_SDK_ERROR: 'threeDSecureUnavailable',
  THREEDS_CARDINAL_SDK_BAD_JWT: 'threeDSecureUnavailable',
  THREEDS_CARDINAL_SDK_BAD_CONFIG: 'threeDSecureUnavailable',
};

export function threeDSecureMessage(code: string): PaymentMessage | null {
  return THREEDS_MESSAGES[code] ?? (code.startsWith('THREEDS_') ? 'threeDSecureUnavailable' : null);
}
