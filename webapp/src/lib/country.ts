import { fetchCountry } from './api/country';
import { local } from './session/storage';

// docs/product.md#flows "Startup": the country comes from GET /v4/country, FR when that fails.
export const DEFAULT_COUNTRY = 'FR';

let pending: Promise<string> | null = null;

/** The stored country code, looked up once per page load when missing. */
export function countryCode(): Promise<string> {
  const stored = local.get('countryCode');
  if (stored) return Promise.resolve(stored);
  pending ??= fetchCountry().then((code) => {
    pending = null;
    if (!code) return DEFAULT_COUNTRY; // not stored: the next page asks again
    local.set('countryCode', code);
    return code;
  });
  return pending;
}
