import { publicRead } from './public-read';

// GET /v4/country, made by the start-up on every page (lib/country.ts), through publicRead: no client
// download for it (docs/web-speed.md#the-api-client-on-demand).

/** The visitor's country as the API geolocates it; null when the call failed. */
export async function fetchCountry(): Promise<string | null> {
  const result = await publicRead('/v4/country');
  return result.ok ? result.data?.geoplugin_countryCode || null : null;
}
