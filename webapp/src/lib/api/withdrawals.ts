import { api } from './client';
import type { components } from './schema';

// The right of withdrawal (docs/consumer-law-withdrawal.md): the public page, the profile's function.

export type WithdrawalAnswer = components['schemas']['Withdrawal'];
export type OpenContract = components['schemas']['OpenWithdrawal'];
type ProfileWithdrawal = components['schemas']['ProfileWithdrawal'];

/** The public page: no login; the account's e-mail address and the contract reference name the contract. */
export function withdrawPublic(body: components['schemas']['PublicWithdrawal']) {
  return api.POST('/v5/withdrawals', { body });
}

/** The profile: the signed-in parent's own contract. */
export function withdrawFromProfile(subscriptionId: number, language: string) {
  // The site's locales are the API's languages.
  const body = { subscriptionId, language: language as ProfileWithdrawal['language'] };
  return api.POST('/v5/withdrawals/profile', { body });
}

/** The signed-in parent's contracts still inside their 14 days, with the last moment to withdraw. */
export function openWithdrawals() {
  return api.GET('/v5/withdrawals/open');
}
