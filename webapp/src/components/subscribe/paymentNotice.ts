// Notices the profile shows right after a payment attempt (kept in memory, not in the address: they must not
// come back on a reload or a shared link): the thank-you, or "You already have a subscription for this app"
// when the API refused a second purchase (alreadySubscribed). The thank-you says what the new
// subscription's card says — a free trial (or a coupon's free time) is not "active", and a subscription that
// starts when a cancelled one ends says so.
export type PaidNotice = { kind: 'trial' | 'active' | 'scheduled'; date: string | null };

let pending: PaidNotice | 'alreadySubscribed' | null = null;

export function notePaymentDone(notice: PaidNotice = { kind: 'active', date: null }): void {
  pending = notice;
}

export function noteAlreadySubscribed(): void {
  pending = 'alreadySubscribed';
}

export function paymentJustDone(): PaidNotice | null {
  return pending === 'alreadySubscribed' ? null : pending;
}

export function alreadySubscribedNotice(): boolean {
  return pending === 'alreadySubscribed';
}

export function clearPaymentNotice(): void {
  pending = null;
}

type NewSubscription = { paymentStateId: string; nextBillingDate: string | null } | undefined;

/** The notice that agrees with the new subscription's card (its state from the reloaded account). */
export function paidNotice(
  subscription: NewSubscription,
  freeReason: string | null | undefined,
): PaidNotice {
  const date = subscription?.nextBillingDate ?? null;
  if (subscription?.paymentStateId === 'Trial') return { kind: 'trial', date };
  if (freeReason === 'paidThrough') return { kind: 'scheduled', date };
  return { kind: 'active', date };
}

// "Your coupon is active: all your apps are open" on the hub right after an access coupon
// was redeemed on a payment page (in memory, like the payment notice).
let accessPending = false;

export function noteAccessGranted(): void {
  accessPending = true;
}

export function accessJustGranted(): boolean {
  return accessPending;
}

export function clearAccessNotice(): void {
  accessPending = false;
}
