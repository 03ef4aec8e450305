import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { WebApp } from '@/lib/config';
import { webAppTarget } from './redirects';

/**
 * GET /apps/{app}?key=…: an HTTP redirect to the web app, answered before any page renders.
 * As a page, the site's own start-up code ran first and spent the single-use key
 * (verify-key) before the browser left, so the web app received a used key.
 */
export function webAppRoute(app: WebApp) {
  return function GET(request: NextRequest): NextResponse {
    const response = NextResponse.redirect(
      webAppTarget(app, Object.fromEntries(request.nextUrl.searchParams)),
      307,
    );
    response.headers.set('Cache-Control', 'no-store');
    return response;
  };
}
