import type { Subscription } from '../account/account';
import { api, publicApi, type ApiResult } from './client';
import type { components } from './schema';

// A subscription's payment method (docs/billing.md#fixing-a-failed-payment): by the parent's session, or by
// the payment-failed e-mail's link in the X-Payment-Link header (that page only: the link is never a session).

/** Its subscription as the account's (lib/account/account.ts: why Subscription). */
export type PaymentMethodAnswer = Omit<components['schemas']['PaymentMethod'], 'subscription'> & {
  subscription: Subscription;
};
export type PaymentMethodUpdate = components['schemas']['UpdatePaymentMethod'];

/** With a link, the stored session (if any) is not sent: the link decides. */
function access(link: string | null) {
  return link
    ? { client: publicApi, headers: { 'X-Payment-Link': link } }
    : { client: api, headers: {} };
}

export function getPaymentMethod(subscriptionId: number, link: string | null) {
  const { client, headers } = access(link);
  return client.GET('/v5/subscriptions/{subscription_id}/payment-method', {
    params: { path: { subscription_id: subscriptionId } },
    headers,
  }) as Promise<ApiResult<PaymentMethodAnswer>>;
}

/** One key per attempt (kept for a retry whose outcome is unknown), as for a purchase. */
export function updatePaymentMethod(
  subscriptionId: number,
  update: PaymentMethodUpdate,
  idempotencyKey: string,
  link: string | null,
) {
  const { client, headers } = access(link);
  return client.PUT('/v5/subscriptions/{subscription_id}/payment-method', {
    params: { path: { subscription_id: subscriptionId } },
    body: update,
    headers: { ...headers, 'Idempotency-Key': idempotencyKey },
  }) as Promise<ApiResult<Subscription>>;
}
