import {
  ACCEPTED_CARD_BRANDS,
  cardBrand,
  cardProblems,
  luhnValid,
  type CardValues,
} from './cardFormat';
import type { CardCheck, PaymentProvider, TokenizeResult } from './provider';
import { FAILING_CVV, TEST_CARD_NONCES, THREE_D_SECURE_CARDS, WALLET_NONCES } from './testCards';

// Braintree's documented test card numbers, turned into the test nonces the
// API's sandbox gateway understands (no card data leaves the page). Braintree's
// 3-D Secure test cards play the bank's check, with a challenge the parent answers.

const SANDBOX_DEVICE_DATA = JSON.stringify({ correlation_id: 'sandbox' });

export function sandboxCardNonce(card: CardValues): string {
  const digits = card.number.replace(/\D/g, '');
  if (!luhnValid(digits)) return 'fake-luhn-invalid-nonce';
  if (card.cvv === FAILING_CVV) return 'fake-cvv-failed-nonce';
  // As hosted fields do (supportedCardBrands): a brand the form does not take never reaches the gateway.
  if (!ACCEPTED_CARD_BRANDS.includes(cardBrand(digits))) return 'fake-brand-not-accepted-nonce';
  return TEST_CARD_NONCES[digits] ?? 'fake-valid-nonce';
}

/** The 3-D Secure outcome of a sandbox card: its own nonce, or the challenge's answer. */
async function threeDSecureNonce(
  digits: string,
  nonce: string,
  { challenge }: CardCheck,
): Promise<TokenizeResult> {
  const known = THREE_D_SECURE_CARDS[digits];
  const ok = (value: string): TokenizeResult => ({
    ok: true,
    nonce: value,
    deviceData: SANDBOX_DEVICE_DATA,
    method: 'card',
  });
  if (!known) return ok(nonce); // not enrolled: the plain test nonce, without 3-D Secure
  if (!known.challenge) return ok(known.nonce);
  try {
    const answer = await challenge.askSandbox();
    if (answer === 'cancel') return { ok: false, message: 'threeDSecureCancelled' };
    return ok(answer === 'authenticate' ? known.authenticated : known.failed);
  } finally {
    challenge.close();
  }
}

export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly paypalButton = 'own' as const;

  async mountCardFields(): Promise<void> {}

  async tokenizeCard(card: CardValues, check: CardCheck): Promise<TokenizeResult> {
    const { empty, invalid } = cardProblems(card);
    if (empty.length) return { ok: false, message: 'fieldsEmpty', fields: empty };
    // A wrong Luhn sum or a length its brand does not issue is caught here (cardProblems), before any gateway call.
    if (invalid.length) return { ok: false, message: 'fieldsInvalid', fields: invalid };
    return threeDSecureNonce(card.number.replace(/\D/g, ''), sandboxCardNonce(card), check);
  }

  async payWithPayPal(): Promise<TokenizeResult> {
    return {
      ok: true,
      nonce: WALLET_NONCES.paypal,
      deviceData: SANDBOX_DEVICE_DATA,
      method: 'paypal',
    };
  }

  async preloadPayPal(): Promise<void> {}

  async mountPayPalButton(): Promise<void> {}

  async payWithGooglePay(): Promise<TokenizeResult> {
    return {
      ok: true,
      nonce: WALLET_NONCES.googlePay,
      deviceData: SANDBOX_DEVICE_DATA,
      method: 'googlePay',
    };
  }

  canPayWithApplePay(): boolean {
    return typeof window !== 'undefined' && 'ApplePaySession' in window;
  }

  async payWithApplePay(): Promise<TokenizeResult> {
    return {
      ok: true,
      nonce: WALLET_NONCES.applePay,
      deviceData: SANDBOX_DEVICE_DATA,
      method: 'applePay',
    };
  }

  async teardown(): Promise<void> {}
}
