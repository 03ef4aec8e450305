import type { ErrorKey } from '@/lib/api/errors';

/**
 * The error texts the register page is sent beyond the shell's (SHELL_ERROR_KEYS: the generic error,
 * a required value, an invalid e-mail, a missing parameter, too many attempts, maintenance), instead of
 * the whole catalogue (90 texts, 2.5 KB gzip): its form's own check of the password, the errors the API
 * documents for POST /v5/accounts (client-messages.test.ts reads them from the generated API types), and
 * the flash /promo sends a refused code back with (components/partners/PromoRegister.tsx). The form and
 * the flash read them through useErrorText, which shows the generic text for any other.
 */
export const REGISTER_ERROR_KEYS = [
  'passwordTooShort',
  'couponInvalid',
  'couponExpired',
  'couponRedeemed',
  'emailTaken',
] as const satisfies readonly ErrorKey[];
