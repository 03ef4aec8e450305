import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from './i18n/routing';
import { newNonce, securityHeaders } from './lib/security/headers';
import { HEAD_SCRIPT } from './lib/security/inline-scripts';
import { prerenderedScriptHashes, sha256 } from './lib/security/prerendered';
import { hasSignedInHint } from './lib/session/signed-in-hint';
import { maintenanceRewrite, routedLocale } from './lib/site/maintenance-route';
import { isTvUserAgent } from './lib/platform';
import { isReturnable, RETURN_PARAM } from './lib/startup/return-to';
import { firstSegment, isPrivatePage } from './lib/startup/routes';

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

const HEAD_SCRIPT_HASH = sha256(HEAD_SCRIPT);

/** The path of the page the i18n routing serves (/homePage → /en/homePage). */
function routedPath(routed: Response, request: NextRequest): string {
  const target = routed.headers.get('x-middleware-rewrite') ?? request.url;
  return new URL(target, request.url).pathname;
}

/** The address of a page in the locale of the routed request (English has no prefix). */
function localized(locale: string, pathname: string, request: NextRequest): URL {
  const prefix = locale === routing.defaultLocale ? '' : `/${locale}`;
  return new URL(`${prefix}${pathname}`, request.url);
}

/**
 * Where a visitor is sent before any page renders: an anonymous visitor of a private page (no
 * "signed in" hint, no redirect key to log in with) to the login, with the page to come back to when it
 * is one (TV linking); a TV platform from the register page to the login (TVs cannot register).
 */
function earlyRedirect(request: NextRequest, routed: Response): NextResponse | null {
  const { searchParams } = request.nextUrl;
  const locale = routedLocale(routed, request.url);
  const withoutLocale = routedPath(routed, request).replace(/^\/[a-z]{2}(?=\/|$)/, '') || '/';
  const segment = firstSegment(withoutLocale);
  if (segment === 'register' && isTvUserAgent(request.headers.get('user-agent')))
    return NextResponse.redirect(localized(locale, '/login', request));
  if (!isPrivatePage(withoutLocale) || searchParams.has('key')) return null;
  if (hasSignedInHint(request.headers.get('cookie'))) return null;
  const login = localized(locale, '/login', request);
  if (isReturnable(withoutLocale))
    login.searchParams.set(RETURN_PARAM, `/${segment}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

// A page rendered per request gets a fresh nonce: Next.js reads it from the request's
// Content-Security-Policy header and puts it on its own scripts. A page prerendered at build time (the
// public pages) is the same for everyone: its inline scripts are allowed by their hashes
// (lib/security/prerendered.ts) and shared caches may keep it. The browser gets the policy, with the other
// security headers, on the response.
// While the API is in maintenance (GET /v4/site, cached), every page is the maintenance page, 503.
export default async function proxy(request: NextRequest) {
  const nonce = newNonce();
  const modes = {
    development: process.env.NODE_ENV === 'development',
    production: process.env.NODE_ENV === 'production',
  };
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(
    'Content-Security-Policy',
    securityHeaders(request.nextUrl.pathname, { nonce, ...modes })['Content-Security-Policy'],
  );
  const routed = route(new NextRequest(request, { headers: requestHeaders }));
  const maintenance = await maintenanceRewrite(request, routed, requestHeaders);
  const redirected =
    maintenance || (routed.status >= 300 && routed.status < 400)
      ? null
      : earlyRedirect(request, routed);
  const response = maintenance ?? redirected ?? routed;
  const prerendered =
    response === routed && routed.status < 300
      ? prerenderedScriptHashes(routedPath(routed, request))
      : null;
  const headers = securityHeaders(
    request.nextUrl.pathname,
    prerendered
      ? { scriptHashes: prerendered, ...modes }
      : { nonce, scriptHashes: [HEAD_SCRIPT_HASH], ...modes },
  );
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
