import { apiRequest } from './client';
import type { components } from './schema';

// The right of withdrawal (docs/consumer-law-withdrawal.md): the public page, the profile's function.

export type WithdrawalAnswer = components['schemas']['Withdrawal'];
export type OpenContract = components['schemas']['OpenWithdrawal'];

/** The public page: no login; the account's e-mail address and the contract reference name the contract. */
export function withdrawPublic(body: {
  name: string;
  email: string;
  reference: string;
  language: string;
}) {
  return apiRequest<WithdrawalAnswer>('/v5/withdrawals', { method: 'POST', body });
}

/** The profile: the signed-in parent's own contract. */
export function withdrawFromProfile(subscriptionId: number, language: string) {
  return apiRequest<WithdrawalAnswer>('/v5/withdrawals/profile', {
    method: 'POST',
    body: { subscriptionId, language },
  });
}

/** The signed-in parent's contracts still inside their 14 days, with the last moment to withdraw. */
export function openWithdrawals() {
  return apiRequest<components['schemas']['OpenWithdrawals']>('/v5/withdrawals/open');
}
