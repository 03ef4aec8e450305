// The answer of GET /v5/plans and the pricing rules of docs/product.md#constants, shared by the
// pricing card and the plan popup (register, subscribe, changePlan).
export type Period = 'P1M' | 'P1Y';
export type App = 'tv' | 'books' | 'games';
export const APPS: readonly App[] = ['tv', 'books', 'games'];
export const PRODUCT_PREFIX = 'lumo';

export type AddOn = { addonName: string; price: string };
export type Plan = {
  planId: string;
  product: string;
  iap: string;
  price: string;
  monthlyPrice: string;
  yearlyPrice: string | null;
  yearlySavings: string | null;
  durationCode: Period;
  currency: string;
  currencySymbol: string;
  addOns: AddOn[];
  nameKey: string;
  promoTitle: string | null;
  isPromo: boolean;
  subscribed: boolean;
};
export type PlansResponse = {
  countryCode: string;
  currency: string;
  currencySymbol: string;
  monthly_plan: Plan[];
  annual_plan: Plan[];
};

/** What the parent picked: a period and one, two or three apps. */
export type PlanSelection = { period: Period; apps: App[] };

export type PricedSelection = {
  planId: string; // the single-app plan of the first app
  product: string; // e.g. lumo_tv_books
  addOns: string[]; // add-on names for the second and third app
  isBundle: boolean;
  currency: string;
  period: Period;
  total: number; // in cents
  perMonth: number; // in cents; yearly / 12 rounded up to 0.10
  yearlySavings: number | null; // in cents; 12 x monthly - yearly
};

export const DEFAULT_SELECTION: PlanSelection = { period: 'P1Y', apps: ['tv', 'books', 'games'] };

export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

/** Apps in catalogue order, without duplicates or unknown names. */
export function normalizeApps(apps: readonly string[]): App[] {
  return APPS.filter((app) => apps.includes(app));
}

export function productCode(apps: readonly App[]): string {
  return [PRODUCT_PREFIX, ...normalizeApps(apps)].join('_');
}

function plansFor(plans: PlansResponse, period: Period): Plan[] {
  return (period === 'P1M' ? plans.monthly_plan : plans.annual_plan) ?? [];
}

/** Base plan price plus addOns[0] for a second app and addOns[1] for a third (docs/product.md#constants). */
function bundle(plans: PlansResponse, period: Period, apps: App[]) {
  const base = plansFor(plans, period).find(
    (p) => !p.isPromo && p.product === productCode(apps.slice(0, 1)),
  );
  if (!base) return null;
  const addOns = base.addOns.slice(0, apps.length - 1);
  if (addOns.length < apps.length - 1) return null;
  const total = addOns.reduce((sum, a) => sum + toCents(a.price), toCents(base.price));
  return { base, addOns, total };
}

export function priceSelection(
  plans: PlansResponse,
  selection: PlanSelection,
): PricedSelection | null {
  const apps = normalizeApps(selection.apps);
  if (!apps.length) return null;
  const chosen = bundle(plans, selection.period, apps);
  if (!chosen) return null;
  const monthly = selection.period === 'P1Y' ? bundle(plans, 'P1M', apps) : null;
  return {
    planId: chosen.base.planId,
    product: productCode(apps),
    addOns: chosen.addOns.map((a) => a.addonName),
    isBundle: apps.length > 1,
    currency: chosen.base.currency,
    period: selection.period,
    total: chosen.total,
    perMonth: selection.period === 'P1Y' ? Math.ceil(chosen.total / 12 / 10) * 10 : chosen.total,
    yearlySavings: monthly ? 12 * monthly.total - chosen.total : null,
  };
}

/** The extra cost of adding one more app to a selection of `count` apps. */
export function addOnPrice(plans: PlansResponse, period: Period, count: number): number | null {
  const base = plansFor(plans, period).find((p) => !p.isPromo && p.product === productCode(['tv']));
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
