// Notices the profile shows right after a payment attempt: "Thank you, your subscription is active", or
// "You already have a subscription for this app" when the API refused a second purchase (alreadySubscribed).
// Kept in memory, not in the address: they must not come back on a reload or a shared link.
type Notice = 'paid' | 'alreadySubscribed';
let pending: Notice | null = null;

export function notePaymentDone(): void {
  pending = 'paid';
}

export function noteAlreadySubscribed(): void {
  pending = 'alreadySubscribed';
}

export function paymentJustDone(): boolean {
  return pending === 'paid';
}

export function alreadySubscribedNotice(): boolean {
  return pending === 'alreadySubscribed';
}

export function clearPaymentNotice(): void {
  pending = null;
}

// Issue 15: "Your coupon is active: all your apps are open" on the hub right after an access coupon
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
