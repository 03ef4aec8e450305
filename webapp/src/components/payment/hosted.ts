import { tokenizeMessage } from './tokenizeErrors';
import type { HostedContainers, PaymentProvider, TokenizeResult, WalletAmount } from './provider';

// Braintree's hosted fields: the card number, expiry and CVV are typed into
// Braintree's iframes, so card data never enters our page's DOM. PayPal uses
// the vault flow (SPEC 9); Google Pay needs Google's pay.js, loaded on demand.
// Not reachable with the API's sandbox gateway: run it with a Braintree sandbox account.

const GOOGLE_PAY_JS = 'https://pay.google.com/gp/p/js/pay.js';
const GOOGLE_PAY_NETWORKS = ['VISA', 'MASTERCARD', 'AMEX'];
const GOOGLE_PAY_METHODS = ['PAN_ONLY', 'CRYPTOGRAM_3DS'];

type GooglePaymentsClient = { loadPaymentData(request: unknown): Promise<unknown> };
type GoogleWindow = Window & { google?: { payments: { api: { PaymentsClient: new (o: object) => GooglePaymentsClient } } } };

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const script = Object.assign(document.createElement('script'), { src, async: true });
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

/** Braintree client tokens are base64 JSON that name their environment. */
function googlePayEnvironment(clientToken: string): 'PRODUCTION' | 'TEST' {
  try {
    return JSON.parse(atob(clientToken)).environment === 'production' ? 'PRODUCTION' : 'TEST';
  } catch {
    return 'TEST';
  }
}

async function attempt(run: () => Promise<string>, deviceData: string | null, method: 'card' | 'paypal' | 'googlePay'): Promise<TokenizeResult> {
  try {
    return { ok: true, nonce: await run(), deviceData, method };
  } catch (error) {
    return { ok: false, message: tokenizeMessage(error) };
  }
}

export async function createHostedProvider(clientToken: string): Promise<PaymentProvider> {
  const [clientModule, hostedFieldsModule, dataCollectorModule] = await Promise.all([
    import('braintree-web/client'), import('braintree-web/hosted-fields'), import('braintree-web/data-collector'),
  ]);
  const client = await clientModule.create({ authorization: clientToken });
  const collector = await dataCollectorModule.create({ client }).catch(() => null);
  const deviceData = collector?.deviceData ?? null;
  let fields: Awaited<ReturnType<typeof hostedFieldsModule.create>> | null = null;
  const environment = googlePayEnvironment(clientToken);

  return {
    kind: 'hosted',
    async mountCardFields(containers: HostedContainers) {
      await fields?.teardown();
      fields = await hostedFieldsModule.create({
        client,
        styles: { input: { 'font-size': '16px' } },
        fields: {
          number: { container: `#${containers.number}`, maxlength: 19, formatInput: true },
          expirationDate: { container: `#${containers.expiry}`, placeholder: 'MM / YY' },
          cvv: { container: `#${containers.cvv}` },
        },
      });
    },
    tokenizeCard(card) {
      return attempt(async () => {
        if (!fields) throw new Error('hosted fields are not mounted');
        return (await fields.tokenize({ cardholderName: card.holderName })).nonce;
      }, deviceData, 'card');
    },
    payWithPayPal({ currency }: WalletAmount) {
      return attempt(async () => {
        const paypal = await (await import('braintree-web/paypal')).create({ client });
        return (await paypal.tokenize({ flow: 'vault', currency })).nonce;
      }, deviceData, 'paypal');
    },
    payWithGooglePay({ amount, currency }: WalletAmount) {
      return attempt(async () => {
        await loadScript(GOOGLE_PAY_JS);
        const api = (window as GoogleWindow).google?.payments.api;
        if (!api) throw new Error('Google Pay is unavailable');
        const googlePayment = await (await import('braintree-web/google-payment')).create({ client, googlePayVersion: 2 });
        const request = googlePayment.createPaymentDataRequest({
          transactionInfo: { currencyCode: currency, totalPriceStatus: 'FINAL', totalPrice: amount },
        });
        const card = (request.allowedPaymentMethods as { type: string; parameters: Record<string, unknown> }[])
          .find((m) => m.type === 'CARD');
        if (card) Object.assign(card.parameters, { allowedCardNetworks: GOOGLE_PAY_NETWORKS, allowedAuthMethods: GOOGLE_PAY_METHODS });
        const paymentData = await new api.PaymentsClient({ environment }).loadPaymentData(request);
        return (await googlePayment.parseResponse(paymentData)).nonce;
      }, deviceData, 'googlePay');
    },
    async teardown() {
      await Promise.allSettled([fields?.teardown(), collector?.teardown(), client.teardown()]);
      fields = null;
    },
  };
}
