import { BraintreeError, button, emitter, record, tokenizedCards } from './shared';
import { THREE_D_SECURE_CARDS } from '../../../webapp/src/components/payment/testCards';

// braintree-web/three-d-secure, version 2-inline-iframe: lookup, onLookupComplete(data, next), the challenge
// as an element handed to 'authentication-iframe-available' (a stand-in for the bank's page with
// "Authenticate" and "Fail"), cancelVerifyCard rejecting verifyCard with THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT.
export async function create({ client, version }) {
  if (!client) throw new BraintreeError({ type: 'MERCHANT', code: 'INSTANTIATION_OPTION_REQUIRED', message: 'options.client is required.' });
  if (!String(version).startsWith('2')) throw new BraintreeError({ type: 'MERCHANT', code: 'THREEDS_UNSUPPORTED_VERSION', message: '3D Secure 1 is no longer supported.' });
  record('threeDSecure.create', { version });
  const events = emitter();
  let pending = null;

  const payload = (nonce, shifted) => ({ nonce, type: 'CreditCard', liabilityShifted: shifted, liabilityShiftPossible: true,
    threeDSecureInfo: { liabilityShifted: shifted, liabilityShiftPossible: true } });

  return {
    on: events.on,
    off: events.off,
    async verifyCard(options) {
      for (const [option, label] of [['nonce', 'a nonce'], ['amount', 'an amount'], ['bin', 'a BIN']]) {
        if (!options[option]) throw new BraintreeError({ type: 'MERCHANT', code: 'THREEDS_MISSING_VERIFY_CARD_OPTION', message: `verifyCard options must include ${label}.` });
      }
      if (!options.onLookupComplete && !events.has('lookup-complete')) {
        throw new BraintreeError({ type: 'MERCHANT', code: 'THREEDS_MISSING_VERIFY_CARD_OPTION', message: 'verifyCard options must include a onLookupComplete function.' });
      }
      record('threeDSecure.verifyCard', { amount: options.amount, bin: options.bin, email: options.email, billingAddress: options.billingAddress });
      const digits = tokenizedCards.get(options.nonce) || '';
      const known = THREE_D_SECURE_CARDS[digits];
      const lookup = (requiresUserAuthentication) => new Promise((resolve) => {
        const data = { requiresUserAuthentication, threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: requiresUserAuthentication }, lookup: { threeDSecureVersion: '2.2.0' } };
        const next = () => resolve();
        if (options.onLookupComplete) options.onLookupComplete(data, next);
        else events.emit('lookup-complete', data, next);
      });
      if (!known) { await lookup(false); return payload(options.nonce, false); } // not enrolled
      if (!known.challenge) { await lookup(false); return payload(known.nonce, !known.nonce.includes('failed')); }
      await lookup(true);
      return new Promise((resolve, reject) => {
        const element = document.createElement('div');
        element.setAttribute('data-standin', 'bank-challenge');
        const title = document.createElement('p');
        title.textContent = 'Stand-in bank: confirm the payment';
        const finish = (nonce, shifted) => { pending = null; element.remove(); events.emit('authentication-modal-close'); resolve(payload(nonce, shifted)); };
        element.append(title, button('Authenticate', () => finish(known.authenticated, true)), button('Fail', () => finish(known.failed, false)));
        pending = { element, reject, lookupNonce: known.failed };
        events.emit('authentication-iframe-available', { element }, () => events.emit('authentication-modal-render'));
      });
    },
    async cancelVerifyCard() {
      if (!pending) throw new BraintreeError({ type: 'MERCHANT', code: 'THREEDS_NO_VERIFICATION_PAYLOAD', message: 'No verification payload available.' });
      const { element, reject, lookupNonce } = pending;
      pending = null;
      element.remove();
      record('threeDSecure.cancelVerifyCard', {});
      reject(new BraintreeError({ type: 'MERCHANT', code: 'THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT', message: '3D Secure verfication canceled by merchant.' }));
      return payload(lookupNonce, false);
    },
    async teardown() {},
  };
}
