// Braintree's documented test cards and what the sandbox makes of them: the test nonces of the API's
// sandbox gateway (core/adapters/payments/sandbox.py). Shared by the sandbox provider and by the browser
// tests' stand-in for braintree-web (tests/e2e/braintree_standin), so both pay the same way.

/** Cards that pay (or fail) without 3-D Secure: the sandbox treats them as not enrolled. */
export const TEST_CARD_NONCES: Record<string, string> = {
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

/** How the bank's 3-D Secure check ends: at once (frictionless), or after a challenge the parent answers. */
export type ThreeDSecureCase =
  { challenge: false; nonce: string } | { challenge: true; authenticated: string; failed: string };

const FAILED_NONCE = 'fake-three-d-secure-visa-failed-authentication-nonce';

/** Braintree's 3-D Secure 2 test cards (Cardinal's EMV 3DS test cases) -> Braintree's 3-D Secure test nonces. */
export const THREE_D_SECURE_CARDS: Record<string, ThreeDSecureCase> = {
  '4000000000001000': {
    challenge: false,
    nonce: 'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce',
  },
  '4000000000001018': { challenge: false, nonce: FAILED_NONCE },
  '4000000000001026': {
    challenge: false,
    nonce: 'fake-three-d-secure-visa-attempts-non-participating-nonce',
  },
  '4000000000001034': {
    challenge: false,
    nonce: 'fake-three-d-secure-visa-authentication-unavailable-nonce',
  },
  '4000000000001059': { challenge: false, nonce: 'fake-three-d-secure-visa-unavailable-nonce' },
  '4000000000001067': {
    challenge: false,
    nonce: 'fake-three-d-secure-two-visa-error-on-lookup-nonce',
  },
  '4000000000001075': {
    challenge: false,
    nonce: 'fake-three-d-secure-two-visa-timeout-on-lookup-nonce',
  },
  '4000000000001083': {
    challenge: false,
    nonce: 'fake-three-d-secure-visa-bypassed-authentication-nonce',
  },
  '4000000000001091': {
    challenge: true,
    authenticated: 'fake-three-d-secure-two-visa-successful-step-up-authentication-nonce',
    failed: FAILED_NONCE,
  },
  '4000000000001109': {
    challenge: true,
    authenticated: 'fake-three-d-secure-two-visa-successful-step-up-authentication-nonce',
    failed: FAILED_NONCE,
  },
};

/** Braintree's sandbox answers CVV 200 with "does not match". */
export const FAILING_CVV = '200';

/** Wallet test nonces (braintree.test.nonces.Nonces). */
export const WALLET_NONCES = {
  paypal: 'fake-paypal-billing-agreement-nonce',
  googlePay: 'fake-android-pay-visa-nonce',
  applePay: 'fake-apple-pay-visa-nonce',
} as const;
