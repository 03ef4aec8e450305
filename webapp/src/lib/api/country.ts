import { apiRequest } from './client';
import type { components } from './schema';

/** GET /v4/country: the visitor's country as the API geolocates it. */
export function fetchCountry() {
  return apiRequest<Partial<components['schemas']['Country']>>('/v4/country', { auth: false });
}
