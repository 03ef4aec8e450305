import { publicApi } from './client';

/** GET /v4/country: the visitor's country as the API geolocates it. */
export function fetchCountry() {
  return publicApi.GET('/v4/country');
}
