import { NextResponse, type NextRequest } from 'next/server';
import { routing } from '@/i18n/routing';
import { isOpsPage } from '@/lib/security/headers';
import { getSiteStatus, type SiteStatus } from './status';

// The page every address shows while the API is in maintenance (app/[locale]/maintenance).
export const MAINTENANCE_PATH = '/maintenance';
// As the API's own maintenance answers say (bff/maintenance.py).
export const RETRY_AFTER_SECONDS = 300;
// next-intl's request header naming the locale a page renders in (its middleware sets it too).
const LOCALE_HEADER = 'X-NEXT-INTL-LOCALE';

/** The locale segment of the address the i18n routing resolved (its rewrite, else the request itself). */
export function routedLocale(routed: Response, requestUrl: string): string {
  const target = routed.headers.get('x-middleware-rewrite') ?? requestUrl;
  const segment = new URL(target, requestUrl).pathname.split('/')[1] ?? '';
  return (routing.locales as readonly string[]).includes(segment) ? segment : routing.defaultLocale;
}

/**
 * During maintenance, every page answers 503 with the maintenance page, in the locale the address asked
 * for, at the same address (a rewrite, not a redirect: a reload after maintenance shows the page itself).
 * Locale redirects (/ → /fr) go first. null: serve the page as usual.
 */
export async function maintenanceRewrite(
  request: NextRequest,
  routed: Response,
  requestHeaders: Headers,
  status: () => Promise<SiteStatus> = getSiteStatus,
): Promise<NextResponse | null> {
  if (routed.status >= 300 && routed.status < 400) return null;
  // The operator console stays open during maintenance: it is where maintenance is run from.
  if (isOpsPage(request.nextUrl.pathname)) return null;
  if (!(await status()).maintenance) return null;
  const locale = routedLocale(routed, request.url);
  const headers = new Headers(requestHeaders);
  headers.set(LOCALE_HEADER, locale);
  const response = NextResponse.rewrite(new URL(`/${locale}${MAINTENANCE_PATH}`, request.url), {
    status: 503,
    request: { headers },
  });
  response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
