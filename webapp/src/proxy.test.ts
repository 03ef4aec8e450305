/** @jest-environment node */
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import proxy, { config } from './proxy';
import { PUBLIC_CACHE_CONTROL } from './lib/security/headers';
import { HEAD_SCRIPT } from './lib/security/inline-scripts';
import { sha256 } from './lib/security/prerendered';
import { DEFAULT_SITE_STATUS, getSiteStatus } from './lib/site/status';

// The proxy asks the API whether it is in maintenance; these tests run without one.
jest.mock('./lib/site/status', () => ({
  ...jest.requireActual('./lib/site/status'),
  getSiteStatus: jest.fn(),
}));
beforeEach(() => jest.mocked(getSiteStatus).mockResolvedValue(DEFAULT_SITE_STATUS));

const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

describe('proxy matcher', () => {
  it.each(['/api/v5/accounts', '/_next/static/chunks/app.js', '/favicon.ico'])(
    'skips %s',
    (url) => {
      expect(matches(url)).toBe(false);
    },
  );

  it.each([
    '/',
    '/login',
    '/de/login',
    '/apps/tv',
    '/register/jane@example.com',
    '/promo/SUMMER.24',
  ])('handles %s', (url) => {
    expect(matches(url)).toBe(true);
  });
});

describe('proxy', () => {
  const run = (path: string, headers: Record<string, string> = {}) =>
    proxy(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));

  it('serves English without a prefix', async () => {
    const response = await run('/login', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/en/login');
  });

  it('sends a French browser to the French page', async () => {
    const response = await run('/login', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/fr/login');
  });

  it('serves the accented retailer address from the unaccented route', async () => {
    const response = await run('/intermarch%C3%A9', { 'accept-language': 'en' });
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://localhost:3000/en/intermarche',
    );
  });
});

describe('proxy during maintenance', () => {
  const run = (path: string, headers: Record<string, string> = {}) =>
    proxy(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));
  beforeEach(() =>
    jest.mocked(getSiteStatus).mockResolvedValue({ ...DEFAULT_SITE_STATUS, maintenance: true }),
  );

  it.each([
    ['/login', 'en'],
    ['/de/register', 'de'],
    ['/ar/intermarche', 'ar'],
    ['/ar', 'ar'],
  ])('answers %s with the %s maintenance page, 503', async (path, locale) => {
    const response = await run(path, { 'accept-language': 'en' });
    expect(response.status).toBe(503);
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      `http://localhost:3000/${locale}/maintenance`,
    );
    expect(response.headers.get('Retry-After')).toBe('300');
    expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'nonce-");
  });

  it('lets the locale redirect happen first', async () => {
    const response = await run('/login', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/fr/login');
  });
});

describe('anonymous visitors of private pages go to the login before any render', () => {
  const run = (path: string, headers: Record<string, string> = {}) =>
    proxy(
      new NextRequest(new URL(path, 'http://localhost:3000'), {
        headers: { 'accept-language': 'en', ...headers },
      }),
    );

  it.each([
    ['/subscribe', 'http://localhost:3000/login'],
    ['/products', 'http://localhost:3000/login'],
    ['/', 'http://localhost:3000/login'],
    ['/de/children/3', 'http://localhost:3000/de/login'],
    ['/link?pin=123456', 'http://localhost:3000/login?returnTo=%2Flink%3Fpin%3D123456'],
  ])('sends %s to %s without the signed-in hint', async (path, location) => {
    const response = await run(path);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(location);
    expect(response.headers.get('Content-Security-Policy')).toContain('script-src');
  });

  it('serves the page with the hint, or with a redirect key to log in with', async () => {
    for (const [path, headers] of [
      ['/subscribe', { cookie: 'other=1; lumo_signed_in=1' }],
      ['/subscribe?key=abc', {}],
    ] as const) {
      const response = await run(path, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-middleware-rewrite')).toMatch(
        /^http:\/\/localhost:3000\/en\/subscribe(\?key=abc)?$/,
      );
    }
  });

  it('leaves public pages alone', async () => {
    for (const path of ['/login', '/homePage', '/register', '/faq']) {
      expect((await run(path)).status).toBe(200);
    }
  });

  it('sends a TV platform from the register page to the login', async () => {
    const response = await run('/de/register', {
      'user-agent': 'Mozilla/5.0 (Linux; OMI/3.0) AppleWebKit/537.36',
    });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/de/login');
  });
});

describe('prerendered pages are cacheable, with their inline scripts allowed by hash', () => {
  const run = (path: string, headers: Record<string, string> = {}) =>
    proxy(
      new NextRequest(new URL(path, 'http://localhost:3000'), {
        headers: { 'accept-language': 'en', ...headers },
      }),
    );
  let dist: string;
  const before = process.env.NEXT_DIST_DIR;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'lumo-dist-'));
    mkdirSync(path.join(dist, 'server', 'app', 'en'), { recursive: true });
    writeFileSync(
      path.join(dist, 'server', 'app', 'en', 'homePage.html'),
      '<html><head><script>probe()</script><script src="/_next/a.js" async></script></head>' +
        '<body><script>self.__next_f.push([1])</script></body></html>',
    );
    process.env.NEXT_DIST_DIR = dist;
  });
  afterAll(() => {
    process.env.NEXT_DIST_DIR = before;
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a prerendered page public, without a nonce', async () => {
    const response = await run('/homePage');
    expect(response.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL);
    const csp = response.headers.get('Content-Security-Policy')!;
    expect(csp).toContain(
      `script-src 'self' '${sha256('probe()')}' '${sha256('self.__next_f.push([1])')}';`,
    );
    expect(csp).not.toContain('nonce');
    expect(csp).not.toContain('strict-dynamic');
  });

  it("keeps the nonce (and Next's no-store) for pages rendered per request", async () => {
    const response = await run('/login');
    expect(response.headers.get('Cache-Control')).toBeNull();
    expect(response.headers.get('Content-Security-Policy')).toContain("'nonce-");
    expect(response.headers.get('Content-Security-Policy')).toContain(`'${sha256(HEAD_SCRIPT)}'`);
  });
});
