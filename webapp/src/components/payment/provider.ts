import type { ErrorKey } from '@/lib/api/errors';
import type { CardField, CardValues } from './cardFormat';

// One interface for the two ways of turning payment details into a Braintree
// nonce: the sandbox (our own inputs, Braintree's test nonces, no network) and
// Braintree's hosted fields (card data stays in Braintree's iframes), both with
// 3-D Secure 2 on cards (docs/taking-real-money.md).

/** Messages of docs/product.md#errors "Card tokenization" that are not API error keys. */
export type TokenizeMessage =
  | 'fieldsEmpty'
  | 'fieldsInvalid'
  | 'tokenizeNetwork'
  | 'tokenizeFailed'
  | 'walletClosed'
  | 'threeDSecureCancelled';
export type PaymentMessage = ErrorKey | TokenizeMessage;

export type PaymentMethod = 'card' | 'paypal' | 'googlePay' | 'applePay';
export type Nonce = { nonce: string; deviceData: string | null; method: PaymentMethod };
/** A failure names the card fields it is about, so the form marks them. */
export type TokenizeResult =
  ({ ok: true } & Nonce) | { ok: false; message: PaymentMessage; fields?: CardField[] };

/** Where hosted fields put their iframes: ids of empty elements on the page. */
export type HostedContainers = { number: string; expiry: string; cvv: string };

export type WalletAmount = { amount: string; currency: string };

/** What 3-D Secure is told: the amount authenticated and what is known of the payer. */
export type Verification = { amount: string; email?: string; billingName?: string };

/** The payment form's dialog for the bank's 3-D Secure challenge. */
export interface ChallengeHost {
  /** Shows the bank's page (Braintree's iframe); `cancel` runs when the parent closes the dialog. */
  showBankFrame(element: HTMLElement, cancel: () => void): void;
  /** The sandbox's stand-in for the bank: the parent chooses how authentication ends. */
  askSandbox(): Promise<'authenticate' | 'fail' | 'cancel'>;
  close(): void;
}

export type CardCheck = { verification: Verification; challenge: ChallengeHost };

/** PayPal Checkout draws its own button; the handlers tie it to the form. */
export type PayPalHandlers = { onStart(): boolean; onResult(result: TokenizeResult): void };

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'hosted';
  /** Hosted fields only: fills the containers with Braintree's iframes; `onInvalid` gets the fields to mark. */
  mountCardFields(
    containers: HostedContainers,
    onInvalid?: (fields: CardField[]) => void,
  ): Promise<void>;
  /** The sandbox reads the values; hosted fields ignore them and read their iframes (only the holder name is ours). */
  tokenizeCard(card: CardValues, check: CardCheck): Promise<TokenizeResult>;
  /** 'own': the form shows its PayPal button and calls payWithPayPal; 'provider': mountPayPalButton draws PayPal's,
   * once the parent chooses PayPal on the form's own button (docs/benchmarks.md#signed-in-pages). */
  readonly paypalButton: 'own' | 'provider';
  payWithPayPal(amount: WalletAmount): Promise<TokenizeResult>;
  /** 'provider': loads PayPal's code ahead of the choice (the parent points at or focuses our PayPal button). */
  preloadPayPal(amount: WalletAmount): Promise<void>;
  mountPayPalButton(
    containerId: string,
    amount: WalletAmount,
    handlers: PayPalHandlers,
  ): Promise<void>;
  payWithGooglePay(amount: WalletAmount, check: CardCheck): Promise<TokenizeResult>;
  /** Apple Pay: only in a browser that offers it (Safari on Apple devices). */
  canPayWithApplePay(): boolean;
  payWithApplePay(amount: WalletAmount): Promise<TokenizeResult>;
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
