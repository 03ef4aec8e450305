import { cardBrand, cardProblems, luhnValid, type CardValues } from './cardFormat';
import type { PaymentProvider, TokenizeResult } from './provider';

// Braintree's documented test card numbers, turned into the test nonces the
// API's sandbox gateway understands (no card data leaves the page).
const TEST_CARDS: Record<string, string> = {
  '4111111111111111': 'fake-valid-visa-nonce',
  '4005519200000004': 'fake-valid-visa-nonce',
  '4009348888881881': 'fake-valid-visa-nonce',
  '4012000033330026': 'fake-valid-visa-nonce',
  '4012000077777777': 'fake-valid-visa-nonce',
  '4012888888881881': 'fake-valid-visa-nonce',
  '4217651111111119': 'fake-valid-visa-nonce',
  '4500600000000061': 'fake-valid-visa-nonce',
  '5555555555554444': 'fake-valid-mastercard-nonce',
  '2223000048400011': 'fake-valid-mastercard-nonce',
  '378282246310005': 'fake-valid-amex-nonce',
  '371449635398431': 'fake-valid-amex-nonce',
  '6011111111111117': 'fake-valid-discover-nonce',
  '4000111111111115': 'fake-processor-declined-visa-nonce',
  '5105105105105100': 'fake-processor-declined-mastercard-nonce',
  '378734493671000': 'fake-processor-declined-amex-nonce',
  '4000111111111511': 'fake-gateway-rejected-fraud-nonce',
};
/** Braintree's sandbox answers CVV 200 with "does not match". */
const FAILING_CVV = '200';
const ACCEPTED_BRANDS = new Set(['visa', 'mastercard', 'amex', 'discover']);
const SANDBOX_DEVICE_DATA = JSON.stringify({ correlation_id: 'sandbox' });

export function sandboxCardNonce(card: CardValues): string {
  const digits = card.number.replace(/\D/g, '');
  if (!luhnValid(digits)) return 'fake-luhn-invalid-nonce';
  if (card.cvv === FAILING_CVV) return 'fake-cvv-failed-nonce';
  if (TEST_CARDS[digits]) return TEST_CARDS[digits];
  return ACCEPTED_BRANDS.has(cardBrand(digits)) ? 'fake-valid-nonce' : 'fake-brand-not-accepted-nonce';
}

export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;

  async mountCardFields(): Promise<void> {}

  async tokenizeCard(card: CardValues): Promise<TokenizeResult> {
    const { empty, invalid } = cardProblems(card);
    if (empty.length) return { ok: false, message: 'fieldsEmpty' };
    // A wrong Luhn sum is left to the gateway, as Braintree's own test nonce does.
    if (invalid.length) return { ok: false, message: 'fieldsInvalid' };
    return { ok: true, nonce: sandboxCardNonce(card), deviceData: SANDBOX_DEVICE_DATA, method: 'card' };
  }

  async payWithPayPal(): Promise<TokenizeResult> {
    return { ok: true, nonce: 'fake-paypal-billing-agreement-nonce', deviceData: SANDBOX_DEVICE_DATA, method: 'paypal' };
  }

  async payWithGooglePay(): Promise<TokenizeResult> {
    return { ok: true, nonce: 'fake-android-pay-nonce', deviceData: SANDBOX_DEVICE_DATA, method: 'googlePay' };
  }

  async teardown(): Promise<void> {}
}
