import { API_BASE_PATH, API_DEFAULT_HEADERS } from './base-path';
import { parseJson } from './json';
import { announceMaintenance, isMaintenance } from './maintenance';
import type { components } from './schema';

// GET /v4/country, made by the start-up on every page (lib/country.ts). Not through the typed client
// (lib/api/client.ts): no bearer token, one field to read, and the client (openapi-fetch) would be
// downloaded by every first visit for this call alone (docs/web-speed.md#the-api-client-on-demand).
// The one announcement an unauthenticated call can meet, maintenance, is made as the client makes it.
export const COUNTRY_PATH = `${API_BASE_PATH}/v4/country`;

type Country = components['schemas']['Country'];

/** The visitor's country as the API geolocates it; null when the call failed. */
export async function fetchCountry(): Promise<string | null> {
  try {
    const response = await fetch(COUNTRY_PATH, { headers: API_DEFAULT_HEADERS });
    const body = parseJson(await response.text());
    if (response.ok) return (body as Country | null)?.geoplugin_countryCode || null;
    if (isMaintenance(response.status, body)) announceMaintenance();
    return null;
  } catch {
    return null;
  }
}
