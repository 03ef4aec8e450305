import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { routing } from './i18n/routing';

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

export default function proxy(request: NextRequest) {
  const match = safeDecode(request.nextUrl.pathname).match(ACCENTED_RETAILER);
  if (match) {
    const url = request.nextUrl.clone();
    url.pathname = `${match[1] ?? ''}/intermarche`;
    return handleI18nRouting(new NextRequest(url, request));
  }
  return handleI18nRouting(request);
}

export const config = {
  // Skip the API proxy, Next internals and static files. Routes whose last
  // segment may hold a dot (an e-mail, a coupon code) are matched explicitly.
  matcher: [
    '/((?!api(?:/|$)|_next|_vercel|.*\\..*).*)',
    '/([\\w-]+)?/(register|unsubscribe|promo|changePlan)/(.+)',
  ],
};
