import { apiRequest } from './client';
import type { components } from './schema';
import { TERMS_ACCEPT_PATH } from './terms';

// Terms and consents of the signed-in parent.

/** Accepts the terms in force; 400 termsVersionOutdated carries the version now in force. */
export function acceptTerms(version: string) {
  const body: components['schemas']['AcceptTerms'] = { version };
  return apiRequest<components['schemas']['Consents']>(TERMS_ACCEPT_PATH, {
    method: 'POST',
    body,
  });
}
