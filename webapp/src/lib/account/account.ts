import type { components } from '@/lib/api/schema';

// The account answer of GET /v5/subscriptions (docs/product.md#entities and docs/product.md#api), as the
// API's OpenAPI document describes it (generated: lib/api/schema.d.ts).
export type CancelRoute = components['schemas']['CancelRoute'];

type Sent = components['schemas']['Subscription'];
/**
 * The fields every subscription of the answer has. The OpenAPI leaves them optional (their marshmallow
 * fields in bff/resources/subscriptions/schemas.py lack required=True), although the API always sends
 * them: once they are required there, Subscription is the generated type as it stands.
 */
type AlwaysSent =
  | 'id'
  | 'subscriptionId'
  | 'durationCode'
  | 'subscriptionType'
  | 'paymentPlanPrice'
  | 'currency'
  | 'isRenewing'
  | 'paymentPlanId'
  | 'endDate'
  | 'paymentStateId'
  | 'platformPurchadeId'
  | 'storeId'
  | 'isExpired'
  | 'nextBillingDate'
  | 'paymentMethod'
  | 'coupon'
  | 'cancel'
  | 'canChangePlan'
  | 'cancelledAt';
export type Subscription = Required<Pick<Sent, AlwaysSent>> & Omit<Sent, AlwaysSent>;
export type Account = Omit<components['schemas']['Account'], 'subscriptions'> & {
  subscriptions: Subscription[];
};

/** Premium means at least one non-expired subscription (docs/product.md#flows). */
export function isPremium(subscriptions: readonly Subscription[]): boolean {
  return subscriptions.some((s) => !s.isExpired);
}

/** The apps (tv, books, games) a family can use now. */
export function appsWithAccess(subscriptions: readonly Subscription[]): Set<string> {
  const apps = new Set<string>();
  subscriptions
    .filter((s) => !s.isExpired)
    .forEach((s) =>
      s.subscriptionType
        .split('_')
        .slice(1)
        .forEach((app) => apps.add(app)),
    );
  return apps;
}
