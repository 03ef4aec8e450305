import 'server-only';
import { hasLocale } from 'next-intl';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from '@/i18n/routing';

type Context = { params: Promise<{ locale: string }> };

/** The landing page in the visitor's locale (no prefix for the default locale), keeping the query (utm…). */
export function partnerTarget(locale: string, search: string): string {
  const known = hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
  const prefix = known === routing.defaultLocale ? '' : `/${known}`;
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return `${prefix}/homePage${query}`;
}

/**
 * GET /twt-partner, /tclpromo, /orange-link, /vodafone_account, /cafeyn (docs/product.md#screens): an HTTP redirect to the
 * landing page with the same query, answered before any page renders. As pages, the redirect travelled
 * inside a 200 answer and the browser's start-up code treated the address as a private page first
 * (login form, or the profile), and without JavaScript nothing moved at all.
 */
export function partnerRoute() {
  return async function GET(request: NextRequest, context: Context): Promise<NextResponse> {
    const { locale } = await context.params;
    // A relative Location: the browser resolves it against the address it asked for (behind any proxy).
    const response = new NextResponse(null, {
      status: 307,
      headers: { Location: partnerTarget(locale, request.nextUrl.search) },
    });
    response.headers.set('Cache-Control', 'no-store');
    return response;
  };
}
