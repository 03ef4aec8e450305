import { BraintreeError, button, record } from './shared';

// braintree-web/paypal-checkout: loadPayPalSDK gives a `paypal` namespace whose Buttons render a PayPal
// button; its click opens a stand-in for PayPal's window (approve or cancel); the vault flow is required.
export async function create({ client }) {
  if (!client) throw new BraintreeError({ type: 'MERCHANT', code: 'INSTANTIATION_OPTION_REQUIRED', message: 'options.client is required.' });
  let flow = null;
  const instance = {
    async loadPayPalSDK(options = {}) {
      record('paypalCheckout.loadPayPalSDK', options);
      const sdk = {
        FUNDING: { PAYPAL: 'paypal' },
        Buttons(buttonOptions) {
          return {
            async render(selector) {
              const host = document.querySelector(selector);
              if (!host) throw new Error(`PayPal: ${selector} not found`);
              const paypalButton = button('PayPal', async () => {
                const allowed = await new Promise((resolve) => {
                  const actions = { resolve: () => resolve(true), reject: () => resolve(false) };
                  if (buttonOptions.onClick) buttonOptions.onClick({ fundingSource: 'paypal' }, actions);
                  else resolve(true);
                });
                if (!allowed) return;
                let billingToken;
                try {
                  billingToken = await buttonOptions.createBillingAgreement();
                } catch (error) {
                  buttonOptions.onError(error);
                  return;
                }
                const popup = document.createElement('div');
                popup.setAttribute('role', 'dialog');
                popup.setAttribute('aria-label', 'PayPal (stand-in)');
                popup.style.cssText = 'position:fixed;inset:20%;background:#fff;border:2px solid #003087;z-index:99;padding:16px';
                popup.append(
                  button('Agree and continue', () => { popup.remove(); buttonOptions.onApprove({ billingToken, paymentID: null }); }),
                  button('Cancel and return', () => { popup.remove(); buttonOptions.onCancel({ billingToken }); }),
                );
                document.body.appendChild(popup);
              });
              paypalButton.setAttribute('aria-label', 'PayPal');
              paypalButton.style.cssText = 'width:100%;min-height:48px;border:0;border-radius:999px;background:#ffc439;font-weight:700';
              host.appendChild(paypalButton);
            },
          };
        },
      };
      window.paypal = sdk;
      return sdk;
    },
    async createPayment(options) {
      record('paypalCheckout.createPayment', options);
      if (!options || !options.flow) throw new BraintreeError({ type: 'MERCHANT', code: 'PAYPAL_FLOW_OPTION_REQUIRED', message: 'PayPal flow property is invalid or missing.' });
      flow = options.flow;
      return 'BA-STANDIN-1';
    },
    async tokenizePayment(data) {
      record('paypalCheckout.tokenizePayment', data);
      if (flow !== 'vault') throw new BraintreeError({ code: 'PAYPAL_ACCOUNT_TOKENIZATION_FAILED', message: 'Could not tokenize user\'s PayPal account.' });
      return { nonce: 'fake-paypal-billing-agreement-nonce', type: 'PayPalAccount', details: { email: 'payer@example.com' } };
    },
    async teardown() {},
  };
  return instance;
}
