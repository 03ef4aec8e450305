// The answer of GET /v5/plans, shared by the pricing card and the plan popup (register, subscribe,
// changePlan). Every figure is quoted by the API (`bundles`, docs/product.md#constants): nothing is
// priced here.
import type { PlansResponse } from '@/lib/api/plans';
import { normalizeApps, type App, type Period, type PlanSelection } from './apps';

// The apps and the selection live in ./apps, which the landing capture (lib/landing.ts, on
// every page) uses without pulling in the pricing code.
export { APPS, DEFAULT_SELECTION, normalizeApps } from './apps';
export type { App, Period, PlanSelection } from './apps';

export const PRODUCT_PREFIX = 'lumo';

export type { AddOn, Bundle, Plan, PlansResponse } from '@/lib/api/plans';

/** A quoted bundle as the pages use it: amounts in cents, read from the API, never computed here. */
export type PricedSelection = {
  planId: string; // the single-app plan of the first app
  product: string; // e.g. lumo_tv_books
  addOns: string[]; // add-on names for the second and third app
  isBundle: boolean;
  currency: string;
  period: Period;
  total: number; // in cents
  perMonth: number; // in cents; the API's monthly equivalent
  yearlySavings: number | null; // in cents; null when the API quotes none
};

export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

export function productCode(apps: readonly App[]): string {
  return [PRODUCT_PREFIX, ...normalizeApps(apps)].join('_');
}

/** The API's quote for a selection (docs/product.md#constants): a lookup, no arithmetic. */
export function priceSelection(
  plans: PlansResponse,
  selection: PlanSelection,
): PricedSelection | null {
  const apps = normalizeApps(selection.apps);
  if (!apps.length) return null;
  const product = productCode(apps);
  const bundle = (plans.bundles ?? []).find(
    (b) => b.product === product && b.period === selection.period,
  );
  if (!bundle) return null;
  return {
    planId: bundle.planId,
    product: bundle.product,
    addOns: bundle.addOns,
    isBundle: bundle.apps.length > 1,
    currency: bundle.currency,
    period: bundle.period,
    total: toCents(bundle.price),
    perMonth: toCents(bundle.monthlyPrice),
    yearlySavings: bundle.yearlySavings === null ? null : toCents(bundle.yearlySavings),
  };
}

/** The extra cost of adding one more app to a selection of `count` apps. */
export function addOnPrice(plans: PlansResponse, period: Period, count: number): number | null {
  const base = (period === 'P1M' ? plans.monthly_plan : plans.annual_plan)?.find(
    (p) => !p.isPromo && p.product === productCode(['tv']),
  );
  const addOn = base?.addOns[count - 1];
  return addOn ? toCents(addOn.price) : null;
}

// Building an Intl.NumberFormat costs far more than using one, and the pricing card formats up to
// three prices on every render: one formatter per locale and currency is kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency: string, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}
