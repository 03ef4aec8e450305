// "Thank you, your subscription is active" on the profile right after a payment.
// Kept in memory, not in the address: it must not come back on a reload or a shared link.
let pending = false;

export function notePaymentDone(): void {
  pending = true;
}

export function paymentJustDone(): boolean {
  return pending;
}

export function clearPaymentNotice(): void {
  pending = false;
}
