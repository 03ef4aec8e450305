import {
  contentSecurityPolicy,
  isPaymentPage,
  newNonce,
  nonceOf,
  PAYMENT_ORIGINS,
  securityHeaders,
} from './headers';

const NONCE = 'bm9uY2Utb2YtdGhpcy10ZXN0';

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name, values];
    }),
  );
}

const PAYMENT_PATHS = [
  '/subscribe',
  '/de/subscribe',
  '/resubscribe',
  '/fr/resubscribe',
  '/changePlan',
  '/changePlan/abc123',
  '/it/changePlan/k',
  '/add-subscription',
  '/ar/add-subscription',
];
const OTHER_PATHS = [
  '/',
  '/homePage',
  '/login',
  '/de/login',
  '/register/sevamedia',
  '/products',
  '/profile',
  '/subscribers',
  '/en/subscribe-now',
  '/coupon',
  '/changeSubscriptionPlan',
  '/xsubscribe',
  '/de/de/subscribe',
];

describe('isPaymentPage', () => {
  it.each(PAYMENT_PATHS)('%s is a payment page', (path) => expect(isPaymentPage(path)).toBe(true));
  it.each(OTHER_PATHS)('%s is not', (path) => expect(isPaymentPage(path)).toBe(false));
});

describe('contentSecurityPolicy', () => {
  it('allows scripts only with the nonce or loaded by a script that had it', () => {
    const csp = directives(contentSecurityPolicy('/login', { nonce: NONCE }));
    expect(csp['script-src']).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it.each(OTHER_PATHS)('names no payment origin on %s', (path) => {
    const csp = contentSecurityPolicy(path, { nonce: NONCE });
    for (const origin of [
      ...PAYMENT_ORIGINS.script,
      ...PAYMENT_ORIGINS.connect,
      ...PAYMENT_ORIGINS.frame,
    ]) {
      expect(csp).not.toContain(origin);
    }
    expect(csp).not.toMatch(/braintree|paypal|google/);
  });

  it.each(PAYMENT_PATHS)('allows Braintree, PayPal and Google Pay on %s', (path) => {
    const csp = directives(contentSecurityPolicy(path, { nonce: NONCE }));
    expect(csp['script-src']).toEqual(
      expect.arrayContaining([
        'https://js.braintreegateway.com',
        'https://assets.braintreegateway.com',
        'https://*.paypal.com',
        'https://*.paypalobjects.com',
        'https://pay.google.com',
        `'nonce-${NONCE}'`,
        "'strict-dynamic'",
      ]),
    );
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(['https://*.braintree-api.com', 'https://*.paypal.com']),
    );
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining([
        'https://assets.braintreegateway.com',
        'https://*.paypal.com',
        'https://pay.google.com',
      ]),
    );
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it("adds 'unsafe-eval' for next dev only", () => {
    expect(contentSecurityPolicy('/login', { nonce: NONCE, development: true })).toContain(
      "'unsafe-eval'",
    );
  });
});

describe('securityHeaders', () => {
  it('sends the full set on every page', () => {
    const headers = securityHeaders('/homePage', { nonce: NONCE });
    expect(headers).toMatchObject({
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
    expect(headers['Permissions-Policy']).toContain('payment=()');
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers['Strict-Transport-Security']).toBeUndefined();
  });

  it('lets the payment pages ask for payment, and only them', () => {
    expect(securityHeaders('/subscribe', { nonce: NONCE })['Permissions-Policy']).toContain(
      'payment=(self "https://pay.google.com")',
    );
    expect(securityHeaders('/login', { nonce: NONCE })['Permissions-Policy']).not.toContain(
      'pay.google.com',
    );
  });

  it('pins HTTPS in production', () => {
    expect(
      securityHeaders('/', { nonce: NONCE, production: true })['Strict-Transport-Security'],
    ).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('newNonce', () => {
  it('is new every time and carries 128 bits', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});

describe('nonceOf', () => {
  it('reads the nonce back from the policy, for the scripts a page writes itself', () => {
    const nonce = newNonce();
    expect(nonceOf(contentSecurityPolicy('/login', { nonce }))).toBe(nonce);
    expect(nonceOf("default-src 'self'")).toBeUndefined();
    expect(nonceOf(null)).toBeUndefined();
  });
});

describe('operator console', () => {
  it('gives the operator console its own stricter policy, noindex and no caching', () => {
    for (const path of ['/ops', '/ar/ops/search', '/ops/parents/7']) {
      const headers = securityHeaders(path, { nonce: 'n0nce' });
      const csp = headers['Content-Security-Policy'];
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("worker-src 'none'");
      expect(csp).not.toContain('braintree');
      expect(headers['X-Robots-Tag']).toBe('noindex, nofollow');
      expect(headers['Cache-Control']).toBe('no-store');
      expect(headers['Referrer-Policy']).toBe('no-referrer');
    }
    expect(securityHeaders('/operations', { nonce: 'n' })['X-Robots-Tag']).toBeUndefined();
    expect(securityHeaders('/login', { nonce: 'n' })['Content-Security-Policy']).toContain(
      "default-src 'self'",
    );
  });
});
