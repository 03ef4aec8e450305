/**
 * Security headers of every page, as one pure function of the path (tested in headers.test.ts).
 *
 * The session token lives in local storage (docs/product.md#entities), so the Content-Security-Policy is what guards it:
 * a script runs only if it carries this response's nonce (Next.js puts it on its own scripts, read
 * from the request's CSP header that src/proxy.ts sets) or was loaded by such a script
 * ('strict-dynamic'). Braintree, PayPal and Google Pay are allowed on the payment pages only.
 */

export const PAYMENT_ORIGINS = {
  script: [
    'https://js.braintreegateway.com',
    'https://assets.braintreegateway.com',
    'https://*.paypal.com',
    'https://*.paypalobjects.com',
    'https://pay.google.com',
    'https://*.cardinalcommerce.com',
  ],
  // 3-D Secure 2 runs through Cardinal (braintree-web's three-d-secure loads its Songbird script, which talks to
  // and frames *.cardinalcommerce.com; the issuer's challenge page is framed inside Cardinal's frame).
  connect: [
    'https://*.braintree-api.com',
    'https://*.braintreegateway.com',
    'https://*.paypal.com',
    'https://pay.google.com',
    'https://*.cardinalcommerce.com',
  ],
  frame: [
    'https://assets.braintreegateway.com',
    'https://*.paypal.com',
    'https://pay.google.com',
    'https://*.cardinalcommerce.com',
  ],
  img: [
    'https://assets.braintreegateway.com',
    'https://*.paypal.com',
    'https://*.paypalobjects.com',
    'https://pay.google.com',
    'https://www.gstatic.com',
  ],
};

// /subscribe, /resubscribe, /changePlan…, /add-subscription, with or without a locale prefix.
const PAYMENT_PAGE =
  /^(?:\/[a-z]{2})?\/(?:subscribe|resubscribe|changePlan[^/]*|add-subscription)(?:\/.*)?$/;

export function isPaymentPage(pathname: string): boolean {
  return PAYMENT_PAGE.test(pathname);
}

// The operator console (docs/operator-console.md), with or without a locale prefix.
const OPS_PAGE = /^(?:\/[a-z]{2})?\/ops(?:\/.*)?$/;

export function isOpsPage(pathname: string): boolean {
  return OPS_PAGE.test(pathname);
}

export type SecurityOptions = {
  /** A page rendered per request: Next.js puts this nonce on its scripts. */
  nonce?: string;
  /**
   * The SHA-256 sources of the inline scripts the page holds. Alone (no nonce), they make the
   * policy of a prerendered page: its inline scripts by hash, every other script from this origin only.
   * With a nonce, the layout's own inline script (lib/security/inline-scripts.ts).
   */
  scriptHashes?: string[];
  /** `next dev`: React needs eval for its error overlays. */
  development?: boolean;
  /** HSTS only in production builds: a browser would pin a development host to HTTPS. */
  production?: boolean;
};

/** The script sources: a nonce and 'strict-dynamic' when rendered per request, else hashes and 'self'. */
function scriptSources({ nonce, scriptHashes = [] }: SecurityOptions): string[] {
  const hashes = scriptHashes.map((hash) => `'${hash}'`);
  return nonce ? [`'nonce-${nonce}'`, "'strict-dynamic'", ...hashes] : hashes;
}

export function contentSecurityPolicy(pathname: string, options: SecurityOptions): string {
  const { development = false } = options;
  if (isOpsPage(pathname)) return opsContentSecurityPolicy(options);
  const pay = isPaymentPage(pathname);
  const extra = (origins: string[]) => (pay ? origins : []);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        ...scriptSources(options),
        ...(development ? ["'unsafe-eval'"] : []),
        ...extra(PAYMENT_ORIGINS.script),
      ],
    ],
    // Style attributes of third-party widgets (hosted fields) need 'unsafe-inline'; styles run no code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...extra(PAYMENT_ORIGINS.img)]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...extra(PAYMENT_ORIGINS.connect)]],
    ['frame-src', pay ? PAYMENT_ORIGINS.frame : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The console's own policy: nothing but this origin, no images from elsewhere, no frames, no workers. */
export function opsContentSecurityPolicy(options: SecurityOptions): string {
  const { development = false } = options;
  return [
    ['default-src', ["'none'"]],
    [
      'script-src',
      ["'self'", ...scriptSources(options), ...(development ? ["'unsafe-eval'"] : [])],
    ],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]
    .map(([name, values]) => `${name} ${(values as string[]).join(' ')}`)
    .join('; ');
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=600, stale-while-revalidate=86400';

export function securityHeaders(
  pathname: string,
  options: SecurityOptions,
): Record<string, string> {
  const pay = isPaymentPage(pathname);
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(pathname, options),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // PayPal's checkout opens a popup that talks back to this window.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': [
      'camera=()',
      'microphone=()',
      'geolocation=()',
      'usb=()',
      'browsing-topics=()',
      pay ? 'payment=(self "https://pay.google.com")' : 'payment=()',
    ].join(', '),
  };
  if (options.production)
    headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  // A prerendered page is the same for everyone: shared caches may keep it a while and serve
  // it stale while they fetch the next build's. Pages rendered per request keep Next's no-store.
  if (!options.nonce) headers['Cache-Control'] = PUBLIC_CACHE_CONTROL;
  if (isOpsPage(pathname)) {
    headers['X-Robots-Tag'] = 'noindex, nofollow';
    headers['Referrer-Policy'] = 'no-referrer';
    headers['Cache-Control'] = 'no-store';
  }
  return headers;
}

/** The nonce of a policy made by contentSecurityPolicy (pages read it from the request's header). */
export function nonceOf(policy: string | null | undefined): string | undefined {
  return /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
}

/** 128 random bits, base64: unguessable and new for every response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
