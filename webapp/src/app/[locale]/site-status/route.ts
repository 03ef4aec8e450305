import { getSiteStatus } from '@/lib/site/status';

// The site switches (GET /v4/site) for the browser, from the web server's cache (lib/site/status.ts):
// the prerendered pages hold no promo, and the holiday offer asks here once hydrated.
export async function GET() {
  return Response.json(await getSiteStatus(), { headers: { 'Cache-Control': 'no-store' } });
}

export const dynamic = 'force-dynamic';
