import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { newNonce, securityHeaders } from './lib/security/headers';
import { maintenanceRewrite } from './lib/site/maintenance-route';

const handleI18nRouting = createMiddleware(routing);

// The retailer landing is also advertised with an accent (/intermarché);
// serve it from the unaccented route without changing the address bar.
const ACCENTED_RETAILER = /^(\/[a-z]{2})?\/intermarché\/?$/;

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function route(request: NextRequest) {
  const match = safeDecode(request.nextUrl.pathname).match(ACCENTED_RETAILER);
  if (match) {
    const url = request.nextUrl.clone();
    url.pathname = `${match[1] ?? ''}/intermarche`;
    return handleI18nRouting(new NextRequest(url, request));
  }
  return handleI18nRouting(request);
}

// Every page gets a fresh nonce. Next.js reads it from the request's Content-Security-Policy header
// and puts it on its own scripts (which is why the pages render per request); the browser gets the
// same policy, with the other security headers, on the response.
// While the API is in maintenance (GET /v4/site, cached), every page is the maintenance page, 503.
export default async function proxy(request: NextRequest) {
  const headers = securityHeaders(request.nextUrl.pathname, {
    nonce: newNonce(),
    development: process.env.NODE_ENV === 'development',
    production: process.env.NODE_ENV === 'production',
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', headers['Content-Security-Policy']);
  const routed = route(new NextRequest(request, { headers: requestHeaders }));
  const response = (await maintenanceRewrite(request, routed, requestHeaders)) ?? routed;
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Skip the API proxy, Next internals and static files. Routes whose last
  // segment may hold a dot (an e-mail, a coupon code) are matched explicitly.
  matcher: [
    '/((?!api(?:/|$)|_next|_vercel|.*\\..*).*)',
    '/([\\w-]+)?/(register|unsubscribe|promo|changePlan)/(.+)',
  ],
};
