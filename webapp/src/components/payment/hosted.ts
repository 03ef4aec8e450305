import type { PayPalSdk } from 'braintree-web/paypal-checkout';
import { ACCEPTED_CARD_BRANDS, type CardBrand, type CardField } from './cardFormat';
import { billingAddressOf } from './threeDSecure';
import { tokenizeFields, tokenizeMessage } from './tokenizeErrors';
import type {
  CardCheck,
  HostedContainers,
  PayPalHandlers,
  PaymentMethod,
  PaymentProvider,
  TokenizeResult,
  WalletAmount,
} from './provider';

// Braintree's hosted fields: the card number, expiry and CVV are typed into Braintree's iframes, so card
// data never enters our page's DOM. Cards go through 3-D Secure 2 (three-d-secure, inline iframe shown in
// the form's dialog), PayPal through PayPal Checkout (vault flow, docs/product.md#constants), Google Pay through
// google-payment (Google's pay.js, loaded on demand) and Apple Pay through apple-pay (Safari only).
// Not reachable with the API's sandbox gateway: run it with a Braintree sandbox account. The browser tests
// build it against a stand-in for these modules (tests/e2e/braintree_standin; docs/taking-real-money.md).

const GOOGLE_PAY_JS = 'https://pay.google.com/gp/p/js/pay.js';
export const GOOGLE_PAY_NETWORKS = ['VISA', 'MASTERCARD', 'AMEX'];
export const GOOGLE_PAY_METHODS = ['PAN_ONLY', 'CRYPTOGRAM_3DS'];
/** Hosted fields' names of our card brands. */
const HOSTED_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'visa',
  mastercard: 'master-card',
  amex: 'american-express',
  diners: 'diners-club',
  discover: 'discover',
  other: 'unknown',
};
/** Card brands the payment form takes (docs/product.md#validation: the brand must be accepted), in hosted fields' names. */
export const ACCEPTED_BRANDS = ACCEPTED_CARD_BRANDS.map((brand) => HOSTED_BRAND_NAMES[brand]);
const APPLE_PAY_VERSION = 3;

type GooglePaymentsClient = { loadPaymentData(request: unknown): Promise<unknown> };
type GoogleWindow = Window & {
  google?: { payments: { api: { PaymentsClient: new (o: object) => GooglePaymentsClient } } };
};
type ApplePaySessionClass = {
  new (version: number, request: unknown): ApplePaySessionInstance;
  supportsVersion(version: number): boolean;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
};
type ApplePaySessionInstance = {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: (() => void) | null;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
  abort(): void;
  begin(): void;
};
type AppleWindow = Window & { ApplePaySession?: ApplePaySessionClass };
type PayPalCheckout = Awaited<ReturnType<typeof import('braintree-web/paypal-checkout').create>>;
type PayPalLoaded = { checkout: PayPalCheckout; sdk: PayPalSdk };

/** How long a wallet's code may take to arrive before the form says the network failed. */
export const WALLET_LOAD_TIMEOUT_MS = 20_000;

const networkError = (what: string) =>
  Object.assign(new Error(what), { code: 'CLIENT_GATEWAY_NETWORK' }); // tokenizeMessage's network key

/** `promise`, or a network error when it has neither arrived nor failed within `ms`. */
function withinTime<T>(promise: Promise<T>, what: string, ms = WALLET_LOAD_TIMEOUT_MS) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(networkError(`${what} did not load in time`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

const scripts = new Map<string, Promise<void>>();

/** A third party's script, once; one that failed or took too long is removed, so a new try loads it again. */
function loadScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  if (document.querySelector(`script[src="${src}"]`)) return Promise.resolve(); // put in by the page
  const script = Object.assign(document.createElement('script'), { src, async: true });
  const loading = withinTime(
    new Promise<void>((resolve, reject) => {
      script.onload = () => resolve();
      script.onerror = () => reject(networkError(`could not load ${src}`));
      document.head.appendChild(script);
    }),
    src,
  );
  scripts.set(src, loading);
  loading.catch(() => {
    scripts.delete(src);
    script.remove();
  });
  return loading;
}

/** Braintree client tokens are base64 JSON that name their environment. */
export function googlePayEnvironment(clientToken: string): 'PRODUCTION' | 'TEST' {
  try {
    return JSON.parse(atob(clientToken)).environment === 'production' ? 'PRODUCTION' : 'TEST';
  } catch {
    return 'TEST';
  }
}

/** hosted fields' field keys -> ours. */
const OUR_FIELD: Record<string, CardField> = {
  number: 'number',
  expirationDate: 'expiry',
  cvv: 'cvv',
};

type FieldState = {
  isValid: boolean;
  isPotentiallyValid: boolean;
  isEmpty: boolean;
  isFocused: boolean;
};

/** Fields to mark: what cannot become valid, or what was left invalid. */
export function invalidFields(fields: Record<string, FieldState>): CardField[] {
  return Object.entries(fields)
    .filter(([, s]) => !s.isPotentiallyValid || (!s.isValid && !s.isEmpty && !s.isFocused))
    .map(([key]) => OUR_FIELD[key])
    .filter(Boolean);
}

async function attempt(
  run: () => Promise<string>,
  deviceData: string | null,
  method: PaymentMethod,
): Promise<TokenizeResult> {
  try {
    return { ok: true, nonce: await run(), deviceData, method };
  } catch (error) {
    const fields = tokenizeFields(error);
    return { ok: false, message: tokenizeMessage(error), ...(fields.length ? { fields } : {}) };
  }
}

export async function createHostedProvider(clientToken: string): Promise<PaymentProvider> {
  const [clientModule, hostedFieldsModule, dataCollectorModule, threeDSecureModule] =
    await Promise.all([
      import('braintree-web/client'),
      import('braintree-web/hosted-fields'),
      import('braintree-web/data-collector'),
      import('braintree-web/three-d-secure'),
    ]);
  const client = await clientModule.create({ authorization: clientToken });
  const collector = await dataCollectorModule.create({ client }).catch(() => null);
  // Not enabled for the merchant account (THREEDS_NOT_ENABLED): cards go without it, the server decides.
  const threeDSecure = await threeDSecureModule
    .create({ client, version: '2-inline-iframe' })
    .catch(() => null);
  const deviceData = collector?.deviceData ?? null;
  const environment = googlePayEnvironment(clientToken);
  let fields: Awaited<ReturnType<typeof hostedFieldsModule.create>> | null = null;
  let brand: string | null = null;
  // paypal-checkout and PayPal's SDK, loaded once per currency, only when the parent turns to PayPal.
  let paypal: { currency: string; loaded: Promise<PayPalLoaded> } | null = null;

  function loadPayPal(currency: string): Promise<PayPalLoaded> {
    if (paypal?.currency === currency) return paypal.loaded;
    const previous = paypal?.loaded;
    // A load that never ends (PayPal's SDK comes from www.paypal.com) fails after WALLET_LOAD_TIMEOUT_MS.
    const loaded = withinTime(
      (async () => {
        await previous?.then(({ checkout }) => checkout.teardown()).catch(() => undefined);
        const checkout = await (await import('braintree-web/paypal-checkout')).create({ client });
        const sdk = await checkout.loadPayPalSDK({ vault: true, intent: 'tokenize', currency });
        return { checkout, sdk };
      })(),
      'PayPal',
    );
    const entry = { currency, loaded };
    paypal = entry;
    // A load that failed is forgotten: the parent's next try loads again.
    loaded.catch(() => {
      if (paypal === entry) paypal = null;
    });
    return loaded;
  }

  /** 3-D Secure 2 on a card nonce; the bank's challenge (if any) shows in the form's dialog. */
  async function verify(
    nonce: string,
    bin: string,
    { verification, challenge }: CardCheck,
  ): Promise<string> {
    if (!threeDSecure) return nonce;
    const available = (event: { element: HTMLElement }, next: () => void) => {
      challenge.showBankFrame(
        event.element,
        () => void threeDSecure.cancelVerifyCard().catch(() => undefined),
      );
      next();
    };
    threeDSecure.on('authentication-iframe-available', available);
    try {
      const payload = await threeDSecure.verifyCard({
        amount: verification.amount,
        nonce,
        bin,
        email: verification.email,
        billingAddress: billingAddressOf(verification.billingName ?? ''),
        collectDeviceData: true,
        // The server reads the outcome from the nonce (PaymentMethodNonce.find): nothing is decided here.
        onLookupComplete: (_data: unknown, next: () => void) => next(),
      });
      return payload.nonce;
    } finally {
      threeDSecure.off('authentication-iframe-available', available);
      challenge.close();
    }
  }

  return {
    kind: 'hosted',
    paypalButton: 'provider',

    async mountCardFields(
      containers: HostedContainers,
      onInvalid?: (invalid: CardField[]) => void,
    ) {
      await fields?.teardown();
      fields = await hostedFieldsModule.create({
        client,
        styles: { input: { 'font-size': '16px' } },
        fields: {
          number: {
            container: `#${containers.number}`,
            maxlength: 19,
            formatInput: true,
            supportedCardBrands: {
              jcb: false,
              maestro: false,
              'diners-club': false,
              unionpay: false,
              discover: false,
            },
          },
          expirationDate: { container: `#${containers.expiry}`, placeholder: 'MM / YY' },
          cvv: { container: `#${containers.cvv}` },
        },
      });
      const report = (event: { fields: Record<string, FieldState> }) =>
        onInvalid?.(invalidFields(event.fields));
      fields.on('validityChange', report);
      fields.on('blur', report);
      fields.on('cardTypeChange', (event: { cards: { type: string }[] }) => {
        brand = event.cards.length === 1 ? event.cards[0].type : null;
      });
    },

    async tokenizeCard(card, check) {
      if (brand && !ACCEPTED_BRANDS.includes(brand))
        return { ok: false, message: 'cardBrandNotAccepted', fields: ['number'] };
      return attempt(
        async () => {
          if (!fields) throw new Error('hosted fields are not mounted');
          const payload = await fields.tokenize({ cardholderName: card.holderName });
          return verify(payload.nonce, payload.details.bin, check);
        },
        deviceData,
        'card',
      );
    },

    async payWithPayPal() {
      return { ok: false, message: 'tokenizeFailed' }; // PayPal Checkout draws its own button (mountPayPalButton)
    },

    async preloadPayPal({ currency }: WalletAmount) {
      await loadPayPal(currency);
    },

    async mountPayPalButton(
      containerId: string,
      { currency }: WalletAmount,
      handlers: PayPalHandlers,
    ) {
      const { checkout, sdk } = await loadPayPal(currency);
      await sdk
        .Buttons({
          fundingSource: sdk.FUNDING.PAYPAL,
          style: { height: 48, shape: 'pill', label: 'paypal' },
          // Vault flow: a billing agreement the subscription charges every period (docs/product.md#constants).
          createBillingAgreement: () => checkout.createPayment({ flow: 'vault', currency }),
          onClick: (_data: unknown, actions: { reject(): void; resolve(): void }) =>
            handlers.onStart() ? actions.resolve() : actions.reject(),
          onApprove: async (data: unknown) =>
            handlers.onResult(
              await attempt(
                async () => (await checkout.tokenizePayment(data)).nonce,
                deviceData,
                'paypal',
              ),
            ),
          onCancel: () => handlers.onResult({ ok: false, message: 'walletClosed' }),
          onError: (error: unknown) =>
            handlers.onResult({ ok: false, message: tokenizeMessage(error) }),
        })
        .render(`#${containerId}`);
    },

    payWithGooglePay({ amount, currency }: WalletAmount, check: CardCheck) {
      return attempt(
        async () => {
          await loadScript(GOOGLE_PAY_JS);
          const api = (window as GoogleWindow).google?.payments.api;
          if (!api) throw new Error('Google Pay is unavailable');
          const googlePayment = await (
            await import('braintree-web/google-payment')
          ).create({ client, googlePayVersion: 2 });
          const request = googlePayment.createPaymentDataRequest({
            transactionInfo: {
              currencyCode: currency,
              totalPriceStatus: 'FINAL',
              totalPrice: amount,
            },
          });
          const card = (
            request.allowedPaymentMethods as { type: string; parameters: Record<string, unknown> }[]
          ).find((m) => m.type === 'CARD');
          if (card)
            Object.assign(card.parameters, {
              allowedCardNetworks: GOOGLE_PAY_NETWORKS,
              allowedAuthMethods: GOOGLE_PAY_METHODS,
            });
          const paymentData = await new api.PaymentsClient({ environment }).loadPaymentData(
            request,
          );
          const payload = await googlePayment.parseResponse(paymentData);
          // A card Google Pay gives as a plain PAN (not network-tokenized) goes through 3-D Secure like a card.
          return payload.details.isNetworkTokenized === false
            ? verify(payload.nonce, payload.details.bin, check)
            : payload.nonce;
        },
        deviceData,
        'googlePay',
      );
    },

    canPayWithApplePay() {
      const session = (window as AppleWindow).ApplePaySession;
      try {
        return Boolean(session?.supportsVersion(APPLE_PAY_VERSION) && session.canMakePayments());
      } catch {
        return false; // Safari throws outside a secure context
      }
    },

    payWithApplePay({ amount }: WalletAmount) {
      return attempt(
        async () => {
          const Session = (window as AppleWindow).ApplePaySession;
          if (!Session) throw new Error('Apple Pay is unavailable');
          const applePay = await (await import('braintree-web/apple-pay')).create({ client });
          const request = applePay.createPaymentRequest({ total: { label: 'Lumo', amount } });
          const session = new Session(APPLE_PAY_VERSION, request);
          return new Promise<string>((resolve, reject) => {
            session.onvalidatemerchant = (event) => {
              applePay
                .performValidation({ validationURL: event.validationURL, displayName: 'Lumo' })
                .then((merchantSession) => session.completeMerchantValidation(merchantSession))
                .catch((error) => {
                  session.abort();
                  reject(error);
                });
            };
            session.onpaymentauthorized = (event) => {
              applePay
                .tokenize({ token: event.payment.token })
                .then((payload) => {
                  session.completePayment(Session.STATUS_SUCCESS);
                  resolve(payload.nonce);
                })
                .catch((error) => {
                  session.completePayment(Session.STATUS_FAILURE);
                  reject(error);
                });
            };
            session.oncancel = () => reject({ statusCode: 'CANCELED' }); // read as a closed wallet, as Google Pay's
            session.begin();
          });
        },
        deviceData,
        'applePay',
      );
    },

    async teardown() {
      await Promise.allSettled([
        fields?.teardown(),
        paypal?.loaded.then(({ checkout }) => checkout.teardown()),
        threeDSecure?.teardown(),
        collector?.teardown(),
        client.teardown(),
      ]);
      fields = null;
      paypal = null;
    },
  };
}
