import type { ErrorKey } from './api/errors';

// The one place of the web app that says what a new password must be. The API only ever sees
// the client hash (lib/password.ts), so it cannot check the length: every form that sets a password
// (register, the retailer pages, change and reset password) asks this module.
export const PASSWORD_MIN_LENGTH = 8;

/** A password being set: required, at least PASSWORD_MIN_LENGTH characters (counted as the parent sees them). */
export function passwordError(password: string): ErrorKey | null {
  if (!password) return 'valueRequired';
  return [...password].length < PASSWORD_MIN_LENGTH ? 'passwordTooShort' : null;
}

export type PasswordStrength = 'tooShort' | 'weak' | 'fair' | 'strong';

/** The hint under a new password: long enough, and how varied (letters in both cases, digits, symbols). */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) =>
    re.test(password),
  ).length;
  if (length >= 12 && kinds >= 3) return 'strong';
  if (length >= 10 || kinds >= 3) return 'fair';
  return 'weak';
}

/** Rule shared by the reset and change password forms: both filled, long enough, both equal. */
export function newPasswordError(password: string, confirmation: string): ErrorKey | null {
  if (!password || !confirmation) return 'fillField';
  const invalid = passwordError(password);
  if (invalid) return invalid;
  if (password !== confirmation) return 'passwordsMismatch';
  return null;
}
