import type { Account, Subscription } from '@/lib/account/account';

// Which cancel flow /unsubscribe/{id?}?type= runs (docs/product.md#screens, docs/product.md#flows and docs/product.md#roles). The cancel
// route of each subscription comes from the API; the address only picks the subscription.

export type UnsubscribeTarget =
  | { kind: 'web'; subscription: Subscription } // confirm, then GET /v4/braintree/subscriptions/cancel
  | { kind: 'swisscom'; subscription: Subscription | null } // confirm, then GET /v4/swisscom/unsubscribe
  | { kind: 'switch'; subscription: Subscription; operatorUrl: string | null } // confirm, PUT, then the operator's site
  | { kind: 'elsewhere'; subscription: Subscription; method: 'store_page' | 'help'; url: string } // Apple, Google Play, operator, help
  | { kind: 'notCancellable'; subscription: Subscription } // coupon access, salt, already stopped
  | { kind: 'notFound' };

export type UnsubscribeAddress = { id: number | null; type: string | null };

export function parseAddress(
  idSegments: string[] | undefined,
  type: string | null,
): UnsubscribeAddress {
  const id = Number(idSegments?.[0]);
  return {
    id: Number.isInteger(id) && id > 0 ? id : null,
    type: type === 'swisscom' || type === 'switch' ? type : null,
  };
}

function routeOf(subscription: Subscription): UnsubscribeTarget {
  const cancel = subscription.cancel;
  if (cancel.method === 'none' || !subscription.isRenewing || subscription.isExpired) {
    return { kind: 'notCancellable', subscription };
  }
  if (cancel.method !== 'in_app')
    return { kind: 'elsewhere', subscription, method: cancel.method, url: cancel.url ?? '' };
  if (subscription.storeId === 'swisscom') return { kind: 'swisscom', subscription };
  if (subscription.storeId === 'switch')
    return { kind: 'switch', subscription, operatorUrl: cancel.url ?? null };
  return { kind: 'web', subscription };
}

export function unsubscribeTarget(
  account: Account,
  address: UnsubscribeAddress,
): UnsubscribeTarget {
  const subscriptions = account.subscriptions;
  if (address.type === 'swisscom') {
    return {
      kind: 'swisscom',
      subscription: subscriptions.find((s) => s.storeId === 'swisscom') ?? null,
    };
  }
  const chosen =
    address.id !== null
      ? subscriptions.find((s) => s.id === address.id)
      : (subscriptions.find((s) => s.isRenewing && !s.isExpired && s.cancel.method !== 'none') ??
        subscriptions[0]);
  if (!chosen) return { kind: 'notFound' };
  // type=switch only means something for a switch-store subscription.
  return routeOf(chosen);
}

/** The apps a parent keeps until the end date: the subscription's own product. */
export function appsOf(subscription: Subscription | null): string[] {
  return subscription ? subscription.subscriptionType.split('_').slice(1) : [];
}
