import { api } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

// Payment and subscription calls of docs/product.md#api (subscribe, change plan, cancel, coupons).

export type DiscountDetails = components['schemas']['DiscountDetails'];

/** 201 of GET /v5/coupon/validate/{code} (couponDurationCode: P{n}M or P{n}D). */
export type UserCoupon = components['schemas']['Coupon'];

/** What the API sells: the plan of the first app, and the product codes of the apps added to it
 * (the web app always sends all three). */
export type ChosenPlan = {
  [K in keyof Schemas['ChosenPlan']]-?: NonNullable<Schemas['ChosenPlan'][K]>;
};

type CouponQuery = NonNullable<
  NonNullable<import('./schema').paths['/v5/coupon/validate/{code}']['get']['parameters']['query']>
>;

export function validateCoupon(
  code: string,
  context: { product?: string; planType?: CouponQuery['planType'] } = {},
) {
  return api.GET('/v5/coupon/validate/{code}', {
    params: {
      path: { code },
      query: { product: context.product || undefined, planType: context.planType || undefined },
    },
  });
}

/** A logged-in parent redeems a free or unique access coupon: access at once, no payment. */
export function redeemCoupon(code: string) {
  return api.POST('/v5/coupon/redeem', { body: { coupon: code } });
}

/** A client token bound to the merchant account of `currency` (3-D Secure verifies cards against it). */
export function generateClientToken(currency: string) {
  // The API knows EUR, CHF and USD; another currency is its to refuse, as before.
  const query = { currency: currency as 'EUR' | 'CHF' | 'USD' };
  return api.GET('/v4/braintree/generate-token', { params: { query } });
}

export type SubscribeRequest = Schemas['Subscribe'];

/** One key per payment attempt: a retry after a timeout or a double click makes one subscription. */
export function subscribe(request: SubscribeRequest, idempotencyKey: string) {
  return api.POST('/v5/braintree/subscription', {
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The subscription after the change. Inside the 24 hours before a charge the change waits for it:
 * the answer still carries the current plan, and nextBillingDate says when the new one starts. */
export type ChangedSubscription = Schemas['Subscription'];

export function changePlan(subscriptionId: number | null, plans: ChosenPlan) {
  return api.POST('/v5/braintree/subscription/change-plan', { body: { subscriptionId, plans } });
}

export function cancelWebSubscription(id: number) {
  return api.GET('/v4/braintree/subscriptions/cancel', { params: { query: { id } } });
}

export function cancelSwisscom() {
  return api.GET('/v4/swisscom/unsubscribe');
}

export function cancelSwitch(id: number) {
  return api.PUT('/v5/notification/unsubscription', { params: { query: { id } } });
}

/** The older per-product calls of the 3-step flow (docs/product.md#entities "Older payload"). */
const LEGACY_PATHS = {
  lumo_tv: '/v4/braintree/subscriptions',
  lumo_books: '/v4/braintree/books/subscriptions',
  lumo_games: '/v4/braintree/games/subscriptions',
  lumo_tv_books: '/v4/braintree/tv-books/subscriptions',
} as const;
export const LEGACY_PRODUCTS = Object.keys(LEGACY_PATHS);

export type LegacySubscribeRequest = Schemas['LegacySubscribe'];

export function subscribeLegacy(
  product: string,
  request: LegacySubscribeRequest,
  idempotencyKey: string,
) {
  return api.POST(LEGACY_PATHS[product as keyof typeof LEGACY_PATHS], {
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** 200 of GET /v5/braintree/quote: what subscribe will charge, and when. Amounts as "4.99". */
export type Quote = Schemas['Quote'];

export function getQuote(plan: ChosenPlan, coupon: string | null) {
  const query = { planId: plan.planId, product: plan.product, addOns: plan.addOns };
  return api.GET('/v5/braintree/quote', {
    params: { query: coupon ? { ...query, coupon } : query },
  });
}
