import 'server-only';
import type { Bundle, PlansResponse } from './plans';
import { apiUrl } from './server';

const TIMEOUT_MS = 2_000;
const REVALIDATE_S = 300; // the API lets anonymous plans answers be kept 5 minutes

export type QuotedBundles = Pick<
  PlansResponse,
  'countryCode' | 'currency' | 'currencySymbol' | 'bundles'
>;

/**
 * The quoted bundles of a country, asked by the web server (a Server Component, e.g. the landing page):
 * every figure to show (price, monthly equivalent, savings; per period, in the country's currency) as the
 * API quotes it, so nothing is priced in the web app. Null when the API cannot be asked: the page then
 * shows no price rather than a wrong one.
 */
export async function getQuotedBundles(countryCode: string): Promise<QuotedBundles | null> {
  try {
    const response = await fetch(
      `${apiUrl()}/v5/plans?countryCode=${encodeURIComponent(countryCode)}`,
      {
        headers: { Accept: 'application/json', 'X-Country-Code': countryCode },
        next: { revalidate: REVALIDATE_S },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      } as RequestInit,
    );
    if (!response.ok) return null;
    const body = (await response.json()) as PlansResponse;
    if (!Array.isArray(body?.bundles)) return null;
    const { countryCode: country, currency, currencySymbol, bundles } = body;
    return { countryCode: country, currency, currencySymbol, bundles };
  } catch {
    return null;
  }
}

/** The bundle of a product and period ('lumo_tv_books_games', 'P1Y'), if quoted. */
export function findBundle(
  quoted: QuotedBundles | null,
  product: string,
  period: Bundle['period'],
): Bundle | null {
  return quoted?.bundles.find((b) => b.product === product && b.period === period) ?? null;
}
