import type { ErrorKey } from '@/lib/api/errors';
import type { CardValues } from './cardFormat';

// One interface for the two ways of turning payment details into a Braintree
// nonce: the sandbox (our own inputs, Braintree's test nonces, no network) and
// Braintree's hosted fields (card data stays in Braintree's iframes).

/** Messages of SPEC 8 "Card tokenization" that are not API error keys. */
export type TokenizeMessage = 'fieldsEmpty' | 'fieldsInvalid' | 'tokenizeNetwork' | 'tokenizeFailed' | 'walletClosed';
export type PaymentMessage = ErrorKey | TokenizeMessage;

export type PaymentMethod = 'card' | 'paypal' | 'googlePay';
export type Nonce = { nonce: string; deviceData: string | null; method: PaymentMethod };
export type TokenizeResult = ({ ok: true } & Nonce) | { ok: false; message: PaymentMessage };

/** Where hosted fields put their iframes: ids of empty elements on the page. */
export type HostedContainers = { number: string; expiry: string; cvv: string };

export type WalletAmount = { amount: string; currency: string };

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'hosted';
  /** Hosted fields only: fills the containers with Braintree's iframes. */
  mountCardFields(containers: HostedContainers): Promise<void>;
  /** The sandbox reads the values; hosted fields ignore them and read their iframes (only the holder name is ours). */
  tokenizeCard(card: CardValues): Promise<TokenizeResult>;
  payWithPayPal(amount: WalletAmount): Promise<TokenizeResult>;
  payWithGooglePay(amount: WalletAmount): Promise<TokenizeResult>;
  teardown(): Promise<void>;
}

/** Client tokens of the API's sandbox gateway start with `sandbox_`; anything else is Braintree's. */
export function providerKindFor(clientToken: string): PaymentProvider['kind'] {
  return clientToken.startsWith('sandbox_') ? 'sandbox' : 'hosted';
}

export async function createPaymentProvider(clientToken: string): Promise<PaymentProvider> {
  if (providerKindFor(clientToken) === 'sandbox') {
    const { SandboxProvider } = await import('./sandbox');
    return new SandboxProvider();
  }
  // Loaded only on the payment pages, and only with a real Braintree configuration.
  const { createHostedProvider } = await import('./hosted');
  return createHostedProvider(clientToken);
}
