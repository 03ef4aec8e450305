import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: {
    // The catalogues' ICU messages are compiled when the app is built: the browser gets a
    // formatter of a few hundred bytes instead of an ICU parser (intl-messageformat, ~12 KB gzip),
    // and no message is parsed while a page hydrates.
    messages: { path: '../locales', format: 'json', locales: 'infer', precompile: true },
  },
});

// The message catalogues sit in ../locales, outside this package, so the
// bundler's root must be the repository root.
const repositoryRoot = path.resolve(__dirname, '..');

// The browser tests' build of the hosted payment form (tests/e2e/test_payment_hosted.py) swaps braintree-web's
// modules for a stand-in kept under tests/; any other build resolves the real package. A test checks the
// shipped build holds none of the stand-in.
const BRAINTREE_STANDIN_MODULES = [
  'client',
  'hosted-fields',
  'data-collector',
  'three-d-secure',
  'paypal-checkout',
  'google-payment',
  'apple-pay',
];
const braintreeStandInAliases = (enabled: boolean): Record<string, string> =>
  enabled
    ? Object.fromEntries(
        BRAINTREE_STANDIN_MODULES.map((name) => [
          `braintree-web/${name}`,
          `../tests/e2e/braintree_standin/${name}.js`,
        ]),
      )
    : {};

const LANDING_IMAGE_CACHE_CONTROL =
  'public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800';

// Read when `next build` runs: rewrites are written into the build output.
const apiUrl = (process.env.API_URL || 'http://127.0.0.1:5000').replace(/\/+$/, '');

const nextConfig: NextConfig = {
  // Separate build folders let two dev servers (or a test run beside `make run`) share this package.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // The floating dev badge would cover pages in the review screenshots.
  devIndicators: false,
  // The browser tests (tests/e2e) build into their own folder with tsconfig.e2e.json, so that
  // build neither type-checks other builds' generated types nor rewrites tsconfig.json.
  // The stand-in build skips type-checking: the same sources are checked by every other build.
  typescript: {
    tsconfigPath: process.env.NEXT_TSCONFIG_PATH || 'tsconfig.json',
    ignoreBuildErrors: process.env.LUMO_BRAINTREE_STANDIN === '1',
  },
  turbopack: {
    root: repositoryRoot,
    resolveAlias: braintreeStandInAliases(process.env.LUMO_BRAINTREE_STANDIN === '1'),
  },
  experimental: {
    // The pages' CSS (a few KB) comes inside the HTML instead of as render-blocking requests, one
    // round trip each before the first paint. The CSP allows inline styles (lib/security/headers.ts).
    // Next puts it in the page data (the RSC payload) too, but in the same gzip stream the second copy
    // costs little: measured without it (docs/web-speed.md), the CSS files weighed more than
    // they saved (/login 170.8 KB first-load against 168.8 KB).
    inlineCss: true,
    // With the CSS inline there is no request to save: each page gets the styles of its own
    // modules only (the default chunking put the account pages' styles in every page).
    cssChunking: { type: 'graph', requestCost: 0 },
  },
  outputFileTracingRoot: repositoryRoot,
  // The landing's illustrations (public/landing) are not content-hashed: cached for an hour by
  // browsers and a day by a CDN, then revalidated (without this Next answers max-age=0, so each
  // visit asked for them again).
  async headers() {
    return [
      {
        source: '/landing/:file*',
        headers: [{ key: 'Cache-Control', value: LANDING_IMAGE_CACHE_CONTROL }],
      },
    ];
  },
  async rewrites() {
    return [{ source: '/api/:path*', destination: `${apiUrl}/:path*` }];
  },
};

export default withNextIntl(nextConfig);
