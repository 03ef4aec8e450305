import { api } from './client';
import { countryCode } from '@/lib/country';
import type { components } from './schema';

// GET /v5/plans: the catalogue of the visitor's country and its quoted bundles (types generated from the
// API's OpenAPI). On the web server, use getQuotedBundles (./plans-server) instead.

export type PlansResponse = components['schemas']['Plans'];
export type Plan = components['schemas']['Plan'];
export type AddOn = components['schemas']['AddOn'];
/** One choice of apps over one period, quoted by the API (core.domain.catalogue.Bundle). */
export type Bundle = components['schemas']['Bundle'];

export async function fetchPlans(showAll = false) {
  const cc = await countryCode();
  return api.GET('/v5/plans', {
    params: { query: { countryCode: cc, ...(showAll ? { showAll: true } : {}) } },
  });
}
