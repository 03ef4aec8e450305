// A stand-in for Google's pay.js (https://pay.google.com/gp/p/js/pay.js), served by the browser tests in
// place of Google's: PaymentsClient.loadPaymentData answers as a Google Pay sheet where the parent chose a
// card (network-tokenized unless window.__googlePayAuthMethod says PAN_ONLY); requests are kept for checks.
(function () {
  window.__googlePayRequests = [];
  function PaymentsClient(options) { this.options = options; }
  PaymentsClient.prototype.isReadyToPay = function () { return Promise.resolve({ result: true }); };
  PaymentsClient.prototype.loadPaymentData = function (request) {
    window.__googlePayRequests.push(JSON.parse(JSON.stringify({ environment: this.options.environment, request: request })));
    if (window.__googlePayCancel) return Promise.reject({ statusCode: 'CANCELED' });
    var authMethod = window.__googlePayAuthMethod || 'CRYPTOGRAM_3DS';
    return Promise.resolve({ apiVersion: 2, apiVersionMinor: 0, paymentMethodData: { type: 'CARD', description: 'Visa •••• 1111',
      info: { cardNetwork: 'VISA', cardDetails: '1111', authMethod: authMethod },
      tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{"standin":true}' } } });
  };
  window.google = { payments: { api: { PaymentsClient: PaymentsClient } } };
})();
