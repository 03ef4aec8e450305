import type { Plan, PlansResponse } from '@/components/pricing/plans';
import { LEGACY_PRODUCTS } from '@/lib/api/billing';

// The older /add-subscription flow (docs/product.md#flows): plan, payment option, card.

export const STEPS = ['plan', 'method', 'card'] as const;
export type Step = (typeof STEPS)[number];

/** docs/product.md#constants: the coupon mismatch error stays visible for 3 seconds. */
export const COUPON_ERROR_MS = 3000;

/** The plans the older calls sell: one product per call, monthly first. */
export function legacyPlans(plans: PlansResponse): Plan[] {
  const pick = (list: Plan[]) =>
    list.filter((p) => !p.isPromo && LEGACY_PRODUCTS.includes(p.product));
  return [...pick(plans.monthly_plan ?? []), ...pick(plans.annual_plan ?? [])];
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
