import { api, publicApi } from './client';

// Single-use redirect keys between the site and the web apps (docs/product.md#flows).

/** A fresh key for the signed-in parent, to open a web app already logged in. */
export function generateRedirectKey() {
  return api.GET('/v4/users/redirect/generate-key');
}

/** Trades a key (from a web app) for a session token. */
export function verifyRedirectKey(redirectKey: string) {
  return publicApi.GET('/v4/users/redirect/verify-key', { params: { query: { redirectKey } } });
}
