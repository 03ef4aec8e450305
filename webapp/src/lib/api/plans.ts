import { countryCode } from '@/lib/country';
import { publicRead } from './public-read';
import type { components } from './schema';

// GET /v5/plans: the catalogue of the visitor's country and its quoted bundles (types generated from the
// API's OpenAPI), read without the API client (./public-read: /register reads it as it loads). On the
// web server, use getQuotedBundles (./plans-server) instead.

export type PlansResponse = components['schemas']['Plans'];
export type Plan = components['schemas']['Plan'];
export type AddOn = components['schemas']['AddOn'];
/** One choice of apps over one period, quoted by the API (core.domain.catalogue.Bundle). */
export type Bundle = components['schemas']['Bundle'];

export async function fetchPlans(showAll = false) {
  const cc = await countryCode();
  return publicRead('/v5/plans', { countryCode: cc, ...(showAll ? { showAll: true } : {}) });
}
