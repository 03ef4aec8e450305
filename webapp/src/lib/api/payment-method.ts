import type { Subscription } from '../account/account';
import { apiRequest } from './client';
import type { components } from './schema';

// A subscription's payment method (docs/billing.md#fixing-a-failed-payment): by the parent's session, or by
// the payment-failed e-mail's link in the X-Payment-Link header (that page only: the link is never a session).

export type PaymentMethodAnswer = Omit<components['schemas']['PaymentMethod'], 'subscription'> & {
  subscription: Subscription;
};

function access(link: string | null): { auth?: boolean; headers?: Record<string, string> } {
  // With a link, the stored session (if any) is not sent: the link decides.
  return link ? { auth: false, headers: { 'X-Payment-Link': link } } : {};
}

export function getPaymentMethod(subscriptionId: number, link: string | null) {
  return apiRequest<PaymentMethodAnswer>(
    `/v5/subscriptions/${subscriptionId}/payment-method`,
    access(link),
  );
}

export type PaymentMethodUpdate = { nonce: string; deviceData: string | null; billingName: string };

/** One key per attempt (kept for a retry whose outcome is unknown), as for a purchase. */
export function updatePaymentMethod(
  subscriptionId: number,
  update: PaymentMethodUpdate,
  idempotencyKey: string,
  link: string | null,
) {
  const { auth, headers } = access(link);
  return apiRequest<Subscription>(`/v5/subscriptions/${subscriptionId}/payment-method`, {
    method: 'PUT',
    body: update,
    auth,
    headers: { ...headers, 'Idempotency-Key': idempotencyKey },
  });
}
