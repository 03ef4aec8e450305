// GET /v4/site asked by the web server (src/proxy.ts for the maintenance page, the site layout for the
// holiday modal), never by the browser: the answer is in the first HTML, and one process asks the API
// at most once per TTL however many pages it serves.

import type { components } from '@/lib/api/schema';
import { apiUrl } from '@/lib/api/server';

type Site = components['schemas']['Site'];
/** The promotion as read (parseSiteStatus): every field there, null when absent or odd. */
export type HolidayPromo = Required<Site['holidayPromo']>;
export type SiteStatus = Omit<Site, 'holidayPromo'> & { holidayPromo: HolidayPromo };

export const SITE_STATUS_TTL_MS = 20_000;
const TIMEOUT_MS = 2_000;
// Nothing known (the API was never reached): serve the site; its calls then fail one by one.
export const DEFAULT_SITE_STATUS: SiteStatus = {
  maintenance: false,
  holidayPromo: { active: false, from: null, to: null, couponCode: null },
};

type Cache = { value: SiteStatus | null; at: number; pending: Promise<SiteStatus> | null };

// On globalThis: the proxy and the pages are separate bundles in the same server process.
const KEY = Symbol.for('lumo.siteStatus');
function cache(): Cache {
  const store = globalThis as unknown as Record<symbol, Cache | undefined>;
  return (store[KEY] ??= { value: null, at: -Infinity, pending: null });
}

export function resetSiteStatusCache(): void {
  const c = cache();
  c.value = null;
  c.at = -Infinity;
  c.pending = null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (value: unknown) =>
  typeof value === 'string' && ISO_DATE.test(value) ? value : null;

/** Reads the API's answer defensively: anything odd counts as "off". */
export function parseSiteStatus(body: unknown): SiteStatus | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { maintenance?: unknown; holidayPromo?: Record<string, unknown> | null };
  if (typeof b.maintenance !== 'boolean') return null;
  const promo = b.holidayPromo ?? {};
  const from = isoDate(promo.from);
  const to = isoDate(promo.to);
  const couponCode =
    typeof promo.couponCode === 'string' && promo.couponCode.trim()
      ? promo.couponCode.trim()
      : null;
  const active = promo.active === true && !!from && !!to && !!couponCode;
  return {
    maintenance: b.maintenance,
    holidayPromo: { active, from, to, couponCode: active ? couponCode : null },
  };
}

async function ask(): Promise<SiteStatus | null> {
  try {
    const response = await fetch(`${apiUrl()}/v4/site`, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return response.ok ? parseSiteStatus(await response.json()) : null;
  } catch {
    return null;
  }
}

/**
 * The site switches, cached for SITE_STATUS_TTL_MS. When the API cannot be asked, the last answer stays in
 * force (a maintenance that stops the API keeps its page up); with no answer yet, the site is served as
 * usual, so an API outage does not blank the site. A failed ask is cached too: a hanging API costs one
 * timeout per TTL, not one per page.
 */
export async function getSiteStatus(now: () => number = Date.now): Promise<SiteStatus> {
  const c = cache();
  if (c.value && now() - c.at < SITE_STATUS_TTL_MS) return c.value;
  if (c.pending) return c.pending;
  c.pending = ask().then((answer) => {
    c.value = answer ?? c.value ?? DEFAULT_SITE_STATUS;
    c.at = now();
    c.pending = null;
    return c.value;
  });
  return c.pending;
}
