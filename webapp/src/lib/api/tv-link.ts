import { api } from './client';
import type { components } from './schema';

// TV link: the parent confirms the PIN the TV shows; the TV then receives its own token.

/** 400 pinInvalid / 404 when unknown or expired. */
export function claimTvLink(pin: string) {
  const body: components['schemas']['Claim'] = { pin };
  return api.POST('/v5/tv/link/claim', { body });
}
