import type { ErrorKey } from '@/lib/api/errors';
import { emailError } from '@/lib/email';
import { passwordError } from '@/lib/validation';

export type RegisterErrors = {
  email?: ErrorKey;
  password?: ErrorKey;
  terms?: 'termsRequired';
  promo?: 'promoRequired';
};

type Input = {
  email: string;
  password: string;
  terms: boolean;
  promo: boolean;
  promoRequired: boolean;
};

/** docs/product.md#validation "Register": e-mail and password required (at least 8 characters), terms required, promo optional (required in Arabic). */
export function registerErrors({
  email,
  password,
  terms,
  promo,
  promoRequired,
}: Input): RegisterErrors {
  const errors: RegisterErrors = {};
  const emailProblem = emailError(email);
  if (emailProblem) errors.email = emailProblem;
  const passwordProblem = passwordError(password);
  if (passwordProblem) errors.password = passwordProblem;
  if (!terms) errors.terms = 'termsRequired';
  if (promoRequired && !promo) errors.promo = 'promoRequired';
  return errors;
}
