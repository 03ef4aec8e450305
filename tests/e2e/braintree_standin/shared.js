// A stand-in for braintree-web in the browser tests' build only (webapp/next.config.ts aliases the modules
// here when LUMO_BRAINTREE_STANDIN=1; tests/e2e/test_payment_hosted.py checks the shipped build has none of
// it). It keeps the modules' API surface and error codes and answers with Braintree's test nonces, which the
// API's sandbox gateway accepts. Nothing here talks to a network.
export const STANDIN_MARKER = 'lumo-braintree-standin';

export class BraintreeError extends Error {
  constructor({ type = 'CUSTOMER', code, message, details }) {
    super(message);
    this.name = 'BraintreeError';
    this.type = type;
    this.code = code;
    this.details = details;
  }
}

/** What a test asks of the next call (window.__braintreeStandIn), e.g. { tokenize: 'network' }; taken once. */
export function takeScenario(name) {
  const control = (window.__braintreeStandIn = window.__braintreeStandIn || {});
  const value = control[name];
  delete control[name];
  return value;
}

/** Every call the app made, for the tests to read (window.__braintreeStandInCalls). */
export function record(call, options) {
  const calls = (window.__braintreeStandInCalls = window.__braintreeStandInCalls || []);
  calls.push({ call, options: JSON.parse(JSON.stringify(options ?? null)) });
}

/** The card last tokenized by hosted fields, by its nonce: what 3-D Secure verifies. */
export const tokenizedCards = new Map();

export function emitter() {
  const handlers = {};
  return {
    on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); },
    off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); },
    emit(event, ...args) { (handlers[event] || []).forEach((h) => h(...args)); },
    has(event) { return Boolean(handlers[event] && handlers[event].length); },
  };
}

export function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}
