import { apiRequest, type ApiFailure } from './client';
import type { ErrorKey } from './errors';

/** Sets a new password from an e-mailed reset link; `newPass` is already hashed. */
export function resetPassword(token: string, newPass: string) {
  return apiRequest<unknown>('/v4/users/reset-pass', {
    method: 'POST',
    body: { token, newPass },
  });
}

export function confirmEmail(token: string) {
  return apiRequest<unknown>(`/v4/users/confirm-email?token=${encodeURIComponent(token)}`);
}

/** Reset and confirmation links answer 400 with code 4 when expired or unknown. */
export function linkErrorKey(result: ApiFailure): ErrorKey {
  return result.status === 400 && result.code === 4 ? 'resetLinkInvalid' : result.errorKey;
}

/** Sends the reset link when the address is known (the answer does not say whether it is). */
export function requestPasswordReset(email: string) {
  return apiRequest<unknown>(`/v4/users/forgotten-pass?email=${encodeURIComponent(email.trim())}`, {
    auth: false,
  });
}
