import type { Account } from '@/lib/account/account';

// SPEC 4 "E-mail modal": virgo-store parents with an unconfirmed e-mail, and
// switch or mondia parents with a made-up one, are asked for a real address.

export type EmailRequest = { partner: 'virgo' | 'switch' | 'mondia' } | null;

export function realEmailRequest(account: Account): EmailRequest {
  const stores = new Set(account.subscriptions.map((s) => s.storeId));
  if (stores.has('virgo') && !account.emailIsConfirmed) return { partner: 'virgo' };
  if (account.isEmailFake) {
    if (stores.has('mondia')) return { partner: 'mondia' };
    if (stores.has('switch')) return { partner: 'switch' };
  }
  return null;
}

/** Mondia parents have no password yet: once they have a real address, one is e-mailed. */
export const sendsPasswordMail = (request: EmailRequest) => request?.partner === 'mondia';
