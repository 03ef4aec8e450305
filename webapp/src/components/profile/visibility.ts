import type { CancelRoute, Subscription } from '@/lib/account/account';

// docs/product.md#roles: what the profile shows for each subscription. The API already decides
// the cancel route per store; the page adds what depends on the device (TV) and
// repeats the spec's hard rules, so a wrong answer can never show a cancel link
// for a coupon or salt subscription.

export type DateLine = { kind: 'nextInvoice' | 'activeUntil' | 'expiredOn'; date: string };

export type SubscriptionDisplay = {
  coupon: string | null;
  date: DateLine | null;
  paymentMethod: string; // a key of ProfilePage.paymentMethod (ICU select)
  changePlan: boolean;
  unsubscribe: Exclude<CancelRoute, { method: 'none' }> | null;
  resubscribe: boolean;
  /** A renewing web subscription: its payment method can be replaced (docs/billing.md#fixing-a-failed-payment). */
  updatePaymentMethod: boolean;
  /** A renewal failed: the profile shows a banner with the way to fix it. */
  pastDue: boolean;
};

const UPDATABLE_STATES = new Set(['Trial', 'Active', 'Past_Due']);

const STORE_METHODS: Record<string, string> = {
  ios: 'apple',
  playstore: 'googlePlay',
  samsung: 'samsung',
  docomo: 'operator',
  swisscom: 'operator',
  switch: 'operator',
  mondia: 'operator',
  virgo: 'operator',
  salt: 'operator',
};
const KNOWN_METHODS = new Set([
  'card',
  'paypal',
  'googlePay',
  'applePay',
  'coupon',
  'directDebit',
  'phoneBill',
]);

export function paymentMethodOf(s: Subscription): string {
  if (s.paymentStateId === 'Free_Campaign') return 'coupon';
  if (s.storeId in STORE_METHODS) return STORE_METHODS[s.storeId];
  const method = s.paymentMethod ?? '';
  const normalized =
    method === 'google_pay' || method === 'android_pay'
      ? 'googlePay'
      : method === 'apple_pay'
        ? 'applePay'
        : method;
  return KNOWN_METHODS.has(normalized) ? normalized : 'other';
}

function dateLine(s: Subscription): DateLine | null {
  if (s.isExpired) return s.endDate ? { kind: 'expiredOn', date: s.endDate } : null;
  if (s.isRenewing && s.nextBillingDate) return { kind: 'nextInvoice', date: s.nextBillingDate };
  const until = s.endDate ?? s.nextBillingDate;
  return until ? { kind: 'activeUntil', date: until } : null;
}

const appsOf = (s: Subscription) => s.subscriptionType.split('_').slice(1);

/** Apps a renewing subscription already covers: no "subscribe again" is offered for them. */
export function renewingApps(subscriptions: readonly Subscription[]): Set<string> {
  return new Set(subscriptions.filter((s) => s.isRenewing && !s.isExpired).flatMap(appsOf));
}

export function subscriptionDisplay(
  s: Subscription,
  isTv: boolean,
  coveredApps: ReadonlySet<string> = new Set(),
): SubscriptionDisplay {
  const renewing = s.isRenewing && !s.isExpired;
  const replaced = appsOf(s).every((app) => coveredApps.has(app));
  const cancellable =
    renewing && !isTv && s.paymentStateId !== 'Free_Campaign' && s.storeId !== 'salt';
  return {
    coupon: s.coupon,
    date: dateLine(s),
    paymentMethod: paymentMethodOf(s),
    changePlan: renewing && !isTv && s.storeId === 'lumo' && s.canChangePlan,
    unsubscribe: cancellable && s.cancel.method !== 'none' ? s.cancel : null,
    resubscribe: !renewing && !isTv && !replaced,
    updatePaymentMethod:
      !isTv && s.storeId === 'lumo' && s.isRenewing && UPDATABLE_STATES.has(s.paymentStateId),
    pastDue: s.isRenewing && s.paymentStateId === 'Past_Due',
  };
}

/**
 * How long the coupon still runs. Free time (a promo coupon's trial, an access coupon) runs until
 * the subscription's end date; a discount says how long the reduced price lasts (couponDurationCode).
 */
export type CouponLeft =
  { kind: 'days'; days: number } | { kind: 'discount'; count: number; unit: 'month' | 'day' };

export function couponLeft(s: Subscription, now: Date): CouponLeft | null {
  if (!s.coupon || s.isExpired) return null;
  // A running discount: the price line says its price and from when the full price applies.
  if (s.fullPriceFrom) return null;
  if ((s.paymentStateId === 'Trial' || s.paymentStateId === 'Free_Campaign') && s.endDate) {
    const ms = new Date(s.endDate).getTime() - now.getTime();
    return ms > 0 ? { kind: 'days', days: Math.ceil(ms / 86_400_000) } : null;
  }
  // The API tracks discounts (currentPrice): none is running, so no coupon's reduced price either.
  if (s.currentPrice !== undefined) return null;
  const match = /^P(\d+)([MD])$/.exec(s.couponDurationCode ?? '');
  return match
    ? { kind: 'discount', count: Number(match[1]), unit: match[2] === 'M' ? 'month' : 'day' }
    : null;
}
