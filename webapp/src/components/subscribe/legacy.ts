import type { Plan, PlansResponse } from '@/components/pricing/plans';

// The older /add-subscription flow (docs/product.md#flows): plan, payment option, card.

export const STEPS = ['plan', 'method', 'card'] as const;
export type Step = (typeof STEPS)[number];

/** docs/product.md#constants: the coupon mismatch error stays visible for 3 seconds. */
export const COUPON_ERROR_MS = 3000;

const appsOf = (product: string) => product.split('_').slice(1);

/**
 * Every regular plan made only of apps the family lacks, monthly first: for a family without apps the
 * pairs with Games and the three apps as well as the four products of the older calls. A plan that would
 * sell an app the family has again is left out (the API refuses it: `alreadySubscribed`, change plan
 * instead). The apps it has are those whose one-app plan the API marks `subscribed`.
 */
export function legacyPlans(plans: PlansResponse): Plan[] {
  const all = [...(plans.monthly_plan ?? []), ...(plans.annual_plan ?? [])];
  const owned = new Set(
    all.filter((p) => p.subscribed && appsOf(p.product).length === 1).map((p) => p.product),
  );
  return all.filter(
    (p) => !p.isPromo && appsOf(p.product).every((app) => !owned.has(`lumo_${app}`)),
  );
}

/** lumo_TV needs TV, lumo_BOOKS needs Stories, lumo_ALL all three apps; other coupons fit every plan. */
export function couponFitsProduct(couponProduct: string, product: string): boolean {
  const apps = new Set(product.split('_').slice(1));
  const scope = couponProduct.split('_').pop()?.toUpperCase();
  if (scope === 'TV') return apps.has('tv');
  if (scope === 'BOOKS') return apps.has('books');
  if (scope === 'ALL') return ['tv', 'books', 'games'].every((app) => apps.has(app));
  return true;
}

/** Moving on from the plan step needs a plan (docs/product.md#flows, "select plan"). */
export function nextStep(step: Step, plan: Plan | null): { step: Step; errorKey?: 'selectPlan' } {
  if (!plan) return { step: 'plan', errorKey: 'selectPlan' };
  return { step: step === 'plan' ? 'method' : 'card' };
}
