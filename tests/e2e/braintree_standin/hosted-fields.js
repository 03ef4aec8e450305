import { BraintreeError, emitter, record, takeScenario, tokenizedCards } from './shared';
import { FAILING_CVV, TEST_CARD_NONCES } from '../../../webapp/src/components/payment/testCards';

// braintree-web/hosted-fields: one input per container (the real ones are iframes), the same events
// (validityChange, blur, focus, empty, notEmpty, cardTypeChange) and tokenize errors.
const KEYS = { number: 'number', expirationDate: 'expirationDate', cvv: 'cvv' };

function brandOf(digits) {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'master-card';
  if (/^3[47]/.test(digits)) return 'american-express';
  if (/^6(011|5)/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^3(0|6|8)/.test(digits)) return 'diners-club';
  return null;
}

function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function validity(key, value, brand) {
  const digits = value.replace(/\D/g, '');
  if (key === 'number') return { isValid: luhn(digits) && digits.length <= 19, isPotentiallyValid: digits.length <= 19 && !/[^\d ]/.test(value) };
  if (key === 'expirationDate') {
    const m = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(value.trim());
    const valid = Boolean(m && Number(m[1]) >= 1 && Number(m[1]) <= 12 && (2000 + Number(m[2]) > new Date().getFullYear()
      || (2000 + Number(m[2]) === new Date().getFullYear() && Number(m[1]) >= new Date().getMonth() + 1)));
    return { isValid: valid, isPotentiallyValid: valid || value.length < 7 };
  }
  const length = brand === 'american-express' ? 4 : 3;
  return { isValid: digits.length === length, isPotentiallyValid: digits.length <= length };
}

export async function create({ client, fields }) {
  if (!client) throw new BraintreeError({ type: 'MERCHANT', code: 'INSTANTIATION_OPTION_REQUIRED', message: 'options.client is required when instantiating Hosted Fields.' });
  record('hostedFields.create', { fields: Object.keys(fields) });
  const events = emitter();
  const inputs = {};
  const state = {};
  let brand = null;
  const snapshot = (emittedBy) => ({ emittedBy, fields: { ...state }, cards: brand ? [{ type: brand }] : [] });

  for (const [key, options] of Object.entries(fields)) {
    const container = document.querySelector(options.container);
    if (!container) throw new BraintreeError({ type: 'MERCHANT', code: 'HOSTED_FIELDS_INVALID_FIELD_SELECTOR', message: 'Selector does not reference a valid DOM node.' });
    const input = document.createElement('input');
    input.dataset.braintreeName = key;
    input.setAttribute('aria-labelledby', container.getAttribute('aria-labelledby') || '');
    input.setAttribute('dir', 'ltr');
    input.placeholder = options.placeholder || '';
    input.style.cssText = 'border:0;outline:0;width:100%;font-size:16px;background:transparent';
    state[key] = { isValid: false, isPotentiallyValid: true, isEmpty: true, isFocused: false, container };
    input.addEventListener('input', () => {
      const before = state[key];
      if (key === 'number') {
        const next = brandOf(input.value.replace(/\D/g, ''));
        if (next !== brand) { brand = next; events.emit('cardTypeChange', snapshot(key)); }
      }
      const v = validity(key, input.value, brand);
      state[key] = { ...before, ...v, isEmpty: input.value === '' };
      if (before.isEmpty !== state[key].isEmpty) events.emit(state[key].isEmpty ? 'empty' : 'notEmpty', snapshot(key));
      if (before.isValid !== v.isValid || before.isPotentiallyValid !== v.isPotentiallyValid) events.emit('validityChange', snapshot(key));
    });
    input.addEventListener('focus', () => { state[key] = { ...state[key], isFocused: true }; events.emit('focus', snapshot(key)); });
    input.addEventListener('blur', () => { state[key] = { ...state[key], isFocused: false }; events.emit('blur', snapshot(key)); });
    container.appendChild(input);
    inputs[key] = input;
  }

  return {
    on: events.on,
    off: events.off,
    getState: () => snapshot(null),
    async tokenize(options = {}) {
      record('hostedFields.tokenize', options);
      const keys = Object.keys(KEYS).filter((k) => inputs[k]);
      if (keys.every((k) => state[k].isEmpty)) {
        throw new BraintreeError({ code: 'HOSTED_FIELDS_FIELDS_EMPTY', message: 'All fields are empty. Cannot tokenize empty card fields.' });
      }
      const invalidFieldKeys = keys.filter((k) => !state[k].isValid);
      if (invalidFieldKeys.length) {
        throw new BraintreeError({ code: 'HOSTED_FIELDS_FIELDS_INVALID', message: 'Some payment input fields are invalid. Cannot tokenize invalid card fields.', details: { invalidFieldKeys } });
      }
      const scenario = takeScenario('tokenize');
      if (scenario === 'network') throw new BraintreeError({ type: 'NETWORK', code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', message: 'A tokenization network error occurred.' });
      if (scenario === 'duplicate') throw new BraintreeError({ code: 'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE', message: 'This credit card already exists in the merchant\'s vault.' });
      if (scenario === 'failed') throw new BraintreeError({ code: 'HOSTED_FIELDS_FAILED_TOKENIZATION', message: 'The supplied card data failed tokenization.' });
      if (inputs.cvv && inputs.cvv.value === FAILING_CVV) {
        throw new BraintreeError({ code: 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED', message: 'CVV verification failed during tokenization.' });
      }
      const digits = inputs.number.value.replace(/\D/g, '');
      const nonce = TEST_CARD_NONCES[digits] || 'fake-valid-nonce';
      tokenizedCards.set(nonce, digits);
      return { nonce, type: 'CreditCard', description: `ending in ${digits.slice(-2)}`,
        details: { bin: digits.slice(0, 6), lastFour: digits.slice(-4), lastTwo: digits.slice(-2), cardType: brand, cardholderName: options.cardholderName } };
    },
    async teardown() {
      Object.values(inputs).forEach((input) => input.remove());
    },
  };
}
