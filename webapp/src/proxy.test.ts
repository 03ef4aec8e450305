/** @jest-environment node */
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import proxy, { config } from './proxy';

const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

describe('proxy matcher', () => {
  it.each(['/api/v5/accounts', '/_next/static/chunks/app.js', '/favicon.ico'])('skips %s', (url) => {
    expect(matches(url)).toBe(false);
  });

  it.each(['/', '/login', '/de/login', '/apps/tv', '/register/jane@example.com', '/promo/SUMMER.24'])(
    'handles %s',
    (url) => {
      expect(matches(url)).toBe(true);
    },
  );
});

describe('proxy', () => {
  const run = (path: string, headers: Record<string, string> = {}) =>
    proxy(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));

  it('serves English without a prefix', () => {
    const response = run('/login', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/en/login');
  });

  it('sends a French browser to the French page', () => {
    const response = run('/login', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/fr/login');
  });

  it('serves the accented retailer address from the unaccented route', () => {
    const response = run('/intermarch%C3%A9', { 'accept-language': 'en' });
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/en/intermarche');
  });
});
