import { BraintreeError, STANDIN_MARKER, record } from './shared';

/** braintree-web/client: a client token is base64 JSON with an authorizationFingerprint. */
export async function create({ authorization }) {
  let parsed = null;
  try {
    parsed = JSON.parse(atob(authorization));
  } catch {
    parsed = null;
  }
  if (!parsed || !parsed.authorizationFingerprint) {
    throw new BraintreeError({ type: 'MERCHANT', code: 'CLIENT_INVALID_AUTHORIZATION', message: 'Authorization is invalid. Make sure your client token or tokenization key is valid.' });
  }
  record('client.create', { environment: parsed.environment });
  document.documentElement.dataset.braintree = STANDIN_MARKER;
  return { standIn: STANDIN_MARKER, getConfiguration: () => ({ gatewayConfiguration: { environment: parsed.environment } }), teardown: async () => undefined };
}
