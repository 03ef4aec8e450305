import type { ErrorKey } from '@/lib/api/errors';
import { emailError } from '@/lib/email';

export type RegisterErrors = {
  email?: ErrorKey;
  password?: ErrorKey;
  terms?: 'termsRequired';
  promo?: 'promoRequired';
};

type Input = { email: string; password: string; terms: boolean; promo: boolean; promoRequired: boolean };

/** SPEC 5 "Register": e-mail and password required, terms required, promo optional (required in Arabic). */
export function registerErrors({ email, password, terms, promo, promoRequired }: Input): RegisterErrors {
  const errors: RegisterErrors = {};
  const emailProblem = emailError(email);
  if (emailProblem) errors.email = emailProblem;
  if (!password) errors.password = 'valueRequired';
  if (!terms) errors.terms = 'termsRequired';
  if (promoRequired && !promo) errors.promo = 'promoRequired';
  return errors;
}
