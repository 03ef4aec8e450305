import { apiRequest } from './client';
import type { components } from './schema';

// Payment and subscription calls of docs/product.md#api (subscribe, change plan, cancel, coupons).

export type DiscountDetails = components['schemas']['DiscountDetails'];

/** 201 of GET /v5/coupon/validate/{code} (couponDurationCode: P{n}M or P{n}D). */
export type UserCoupon = components['schemas']['Coupon'];

/** What the API sells: the plan of the first app, and the product codes of the apps added to it. */
export type ChosenPlan = { planId: string; product: string; addOns: string[] };

export function validateCoupon(
  code: string,
  context: { product?: string; planType?: string } = {},
) {
  const query = new URLSearchParams();
  if (context.product) query.set('product', context.product);
  if (context.planType) query.set('planType', context.planType);
  const suffix = query.toString() ? `?${query}` : '';
  return apiRequest<UserCoupon>(`/v5/coupon/validate/${encodeURIComponent(code)}${suffix}`);
}

/** A logged-in parent redeems a free or unique access coupon: access at once, no payment. */
export function redeemCoupon(code: string) {
  return apiRequest<components['schemas']['RedeemAnswer']>('/v5/coupon/redeem', {
    method: 'POST',
    body: { coupon: code },
  });
}

/** A client token bound to the merchant account of `currency` (3-D Secure verifies cards against it). */
export function generateClientToken(currency: string) {
  return apiRequest<{ clientToken: string }>(
    `/v4/braintree/generate-token?currency=${encodeURIComponent(currency)}`,
  );
}

export type SubscribeRequest = {
  paymentNonce: string;
  plans: ChosenPlan;
  isBundle: boolean;
  coupon: string | null;
  deviceData: string | null;
  billingName: string;
  expressStart?: boolean; // docs/consumer-law-withdrawal.md
  language?: string;
  utm?: Record<string, string>;
};

/** One key per payment attempt: a retry after a timeout or a double click makes one subscription. */
export function subscribe(request: SubscribeRequest, idempotencyKey: string) {
  return apiRequest<{ status: boolean; data: { subscriptionId: number } }>(
    '/v5/braintree/subscription',
    {
      method: 'POST',
      body: request,
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
}

/** The subscription after the change. Inside the 24 hours before a charge the change waits for it:
 * the answer still carries the current plan, and nextBillingDate says when the new one starts. */
export type ChangedSubscription = {
  paymentPlanId: string | null;
  subscriptionType: string;
  nextBillingDate: string | null;
};

export function changePlan(subscriptionId: number | null, plans: ChosenPlan) {
  return apiRequest<ChangedSubscription>('/v5/braintree/subscription/change-plan', {
    method: 'POST',
    body: { subscriptionId, plans },
  });
}

export function cancelWebSubscription(id: number) {
  return apiRequest<{ status: boolean; endDate: string | null }>(
    `/v4/braintree/subscriptions/cancel?id=${id}`,
  );
}

export function cancelSwisscom() {
  return apiRequest<{ status: boolean }>('/v4/swisscom/unsubscribe');
}

export function cancelSwitch(id: number) {
  return apiRequest<{ sub_partner?: string }>(`/v5/notification/unsubscription?id=${id}`, {
    method: 'PUT',
  });
}

/** The older per-product calls of the 3-step flow (docs/product.md#entities "Older payload"). */
const LEGACY_PATHS: Record<string, string> = {
  lumo_tv: 'subscriptions',
  lumo_books: 'books/subscriptions',
  lumo_games: 'games/subscriptions',
  lumo_tv_books: 'tv-books/subscriptions',
};
export const LEGACY_PRODUCTS = Object.keys(LEGACY_PATHS);

export type LegacySubscribeRequest = {
  nonce: string;
  name: string;
  device_data: string | null;
  iap: string;
  coupon: string | null;
  expressStart?: boolean; // docs/consumer-law-withdrawal.md
  language?: string;
};

export function subscribeLegacy(
  product: string,
  request: LegacySubscribeRequest,
  idempotencyKey: string,
) {
  return apiRequest<{ status: boolean; data: { subscriptionId: number } }>(
    `/v4/braintree/${LEGACY_PATHS[product]}`,
    {
      method: 'POST',
      body: request,
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
}

/** 200 of GET /v5/braintree/quote: what subscribe will charge, and when. Amounts as "4.99". */
export type Quote = {
  currency: string;
  period: 'P1M' | 'P1Y';
  price: string;
  todayAmount: string;
  firstChargeAmount: string;
  firstChargeDate: string;
  freeDays: number;
  freeReason: 'trial' | 'coupon' | 'paidThrough' | null;
  discountPrice: string | null;
  discountCycles: number;
  fullPriceFrom: string | null;
  couponKind: 'access' | 'promo' | 'discount' | null;
};

export function getQuote(plan: ChosenPlan, coupon: string | null) {
  const query = new URLSearchParams({ planId: plan.planId, product: plan.product });
  plan.addOns.forEach((addOn) => query.append('addOns', addOn));
  if (coupon) query.set('coupon', coupon);
  return apiRequest<Quote>(`/v5/braintree/quote?${query}`);
}
