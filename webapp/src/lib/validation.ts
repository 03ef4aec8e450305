import type { ErrorKey } from './api/errors';

/** Rule shared by the reset and change password forms: both filled, both equal. */
export function newPasswordError(password: string, confirmation: string): ErrorKey | null {
  if (!password || !confirmation) return 'fillField';
  if (password !== confirmation) return 'passwordsMismatch';
  return null;
}
