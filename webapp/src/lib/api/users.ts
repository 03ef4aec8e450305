import { api, publicApi, type ApiFailure } from './client';
import type { ErrorKey } from './errors';

/** Sets a new password from an e-mailed reset link; `newPass` is already hashed. */
export function resetPassword(token: string, newPass: string) {
  return api.POST('/v4/users/reset-pass', { body: { token, newPass } });
}

export function confirmEmail(token: string) {
  return api.GET('/v4/users/confirm-email', { params: { query: { token } } });
}

/** Reset and confirmation links answer 400 with code 4 when expired or unknown. */
export function linkErrorKey(result: ApiFailure): ErrorKey {
  return result.status === 400 && result.code === 4 ? 'resetLinkInvalid' : result.errorKey;
}

/** Sends the reset link when the address is known (the answer does not say whether it is). */
export function requestPasswordReset(email: string) {
  return publicApi.GET('/v4/users/forgotten-pass', { params: { query: { email: email.trim() } } });
}
