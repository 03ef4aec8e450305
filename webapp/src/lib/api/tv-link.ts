import { apiRequest } from './client';
import type { components } from './schema';

// TV link: the parent confirms the PIN the TV shows; the TV then receives its own token.
export const CLAIM_PATH = '/v5/tv/link/claim';

/** 400 pinInvalid / 404 when unknown or expired. */
export function claimTvLink(pin: string) {
  const body: components['schemas']['Claim'] = { pin };
  return apiRequest<components['schemas']['Status']>(CLAIM_PATH, { method: 'POST', body });
}
