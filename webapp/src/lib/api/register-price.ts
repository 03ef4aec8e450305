// GET /v5/plans/register for the landing page's prices, asked by the browser once the static
// page is shown (/homePage is prerendered, so the server cannot know the visitor's country;
// Next's /api rewrite passes the edge's X-Country-Code on, as for every other call). The amounts are
// computed by the API (docs/product.md#constants); the web app only formats them. Read without the
// API client (./public-read), which the landing would otherwise download for this call alone.
import { publicRead } from './public-read';
import type { components } from './schema';

/** The fields of GET /v5/plans/register the landing page shows. */
export type RegisterPrice = Omit<components['schemas']['RegisterPrice'], 'currencySymbol'>;

const MONEY = /^\d+(\.\d{1,2})?$/;

/** The API's answer if it has every field the landing page shows, else null. */
export function parseRegisterPrice(body: unknown): RegisterPrice | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const money = ['monthlyPrice', 'yearlyPrice', 'yearlyPerMonthPrice', 'yearlySavings'] as const;
  if (typeof b.currency !== 'string' || !/^[A-Z]{3}$/.test(b.currency)) return null;
  if (!money.every((key) => typeof b[key] === 'string' && MONEY.test(b[key] as string)))
    return null;
  return {
    countryCode: typeof b.countryCode === 'string' ? b.countryCode : '',
    currency: b.currency,
    monthlyPrice: b.monthlyPrice as string,
    yearlyPrice: b.yearlyPrice as string,
    yearlyPerMonthPrice: b.yearlyPerMonthPrice as string,
    yearlySavings: b.yearlySavings as string,
  };
}

/** The visitor's register price, or null when the API cannot answer (the page then shows none). */
export async function registerPrice(): Promise<RegisterPrice | null> {
  const result = await publicRead('/v5/plans/register');
  return result.ok ? parseRegisterPrice(result.data) : null;
}
