/** @jest-environment node */
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import proxy, { config } from './proxy';
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
