import type { ErrorKey } from './api/errors';

// docs/product.md#validation "simple e-mail pattern": something@something.tld, no spaces.
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return SIMPLE_EMAIL.test(value.trim());
}

/** Empty -> "Value Required", bad format -> "Enter valid value" (docs/product.md#validation). */
export function emailError(value: string): ErrorKey | null {
  if (!value.trim()) return 'valueRequired';
  return isValidEmail(value) ? null : 'invalidEmail';
}
