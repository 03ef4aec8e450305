import type { Account, Subscription } from '@/lib/account/account';

/** A subscription as GET /v5/subscriptions sends it: a web (lumo) monthly TV trial unless told otherwise. */
export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 1,
    subscriptionId: 1,
    durationCode: 'P1M',
    subscriptionType: 'lumo_tv',
    paymentPlanPrice: '4.99',
    currency: 'EUR',
    isRenewing: true,
    paymentPlanId: 'lumo_tv_monthly_eur',
    endDate: '2026-12-01T10:00:00+00:00',
    paymentStateId: 'Trial',
    platformPurchadeId: null,
    storeId: 'lumo',
    isExpired: false,
    nextBillingDate: '2026-12-01T10:00:00+00:00',
    paymentMethod: 'card',
    coupon: null,
    cancel: { method: 'in_app', path: '/unsubscribe/1' },
    canChangePlan: true,
    cancelledAt: null,
    ...overrides,
  };
}

export function account(
  subscriptions: Subscription[] = [],
  overrides: Partial<Account> = {},
): Account {
  return {
    email: 'parent@example.com',
    name: 'Sam',
    emailIsConfirmed: true,
    isEmailFake: false,
    subscriptions,
    ...overrides,
  };
}
