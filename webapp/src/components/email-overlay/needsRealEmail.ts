import type { Account } from '@/lib/account/account';

// docs/product.md#flows "E-mail modal": virgo-store parents with an unconfirmed e-mail, and
// switch or mondia parents with a made-up one, are asked for a real address.
// So are publisher-coupon families (phone + coupon at /coupon), whose account has a made-up address.

export type EmailRequest = { partner: 'virgo' | 'switch' | 'mondia' | 'publisher' } | null;

/**
 * A family that redeemed a publisher's coupon with its phone number (docs/product.md#flows "Publisher"): its address is
 * made up, and it logs in to the apps with the phone number and the coupon code.
 */
export function isPublisherFamily(account: Account): boolean {
  const stores = new Set(account.subscriptions.map((s) => s.storeId));
  return (
    account.isEmailFake &&
    !stores.has('mondia') &&
    !stores.has('switch') &&
    account.subscriptions.some((s) => s.paymentStateId === 'Free_Campaign' && s.coupon !== null)
  );
}

export function realEmailRequest(account: Account): EmailRequest {
  const stores = new Set(account.subscriptions.map((s) => s.storeId));
  if (stores.has('virgo') && !account.emailIsConfirmed) return { partner: 'virgo' };
  if (account.isEmailFake) {
    if (stores.has('mondia')) return { partner: 'mondia' };
    if (stores.has('switch')) return { partner: 'switch' };
    if (isPublisherFamily(account)) return { partner: 'publisher' };
  }
  return null;
}

/** Mondia parents have no password yet: once they have a real address, one is e-mailed. */
export const sendsPasswordMail = (request: EmailRequest) => request?.partner === 'mondia';
