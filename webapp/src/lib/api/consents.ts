import { api } from './client';
import type { components } from './schema';

// Terms and consents of the signed-in parent.

/** Accepts the terms in force; 400 termsVersionOutdated carries the version now in force. */
export function acceptTerms(version: string) {
  const body: components['schemas']['AcceptTerms'] = { version };
  return api.POST('/v5/terms/accept', { body });
}
