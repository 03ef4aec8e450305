import type { ApiResult } from './client';

// A call whose module — and with it the API client and openapi-fetch — is downloaded the first time
// the call is made, for the site's shell (the footer's newsletter, the start-up, the landing address):
// a visitor who only reads a public page never needs them (docs/web-speed.md#the-api-client-on-demand).
// A module that cannot be downloaded (offline, a deployment replaced the scripts) answers as a failed
// network does: status 0 and the generic error, which every caller already shows.
export async function callOnDemand<M, T>(
  load: () => Promise<M>,
  call: (module: M) => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  let loaded: M;
  try {
    loaded = await load();
  } catch {
    return { ok: false, status: 0, errorKey: 'somethingWentWrong' };
  }
  return call(loaded);
}
