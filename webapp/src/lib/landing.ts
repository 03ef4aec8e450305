import { preferMonthly } from '@/components/pricing/selection';
import { captureAttribution } from './analytics';
import { callOnDemand } from './api/on-demand';
import { clearSession, local, setToken } from './session/storage';

// Landing query parameters of docs/product.md#screens: monthly, app, key, tv-app-folder; plus
// utm_* and ad click ids for analytics.
const APP_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const MAX_FOLDER_ID = 100;
export const LANDING_PARAMS = ['monthly', 'app', 'key', 'tv-app-folder'] as const;

function isOn(value: string | null): boolean {
  return value !== null && !['false', '0', 'no'].includes(value.toLowerCase());
}

/** Stores what the landing address says; returns the redirect key to verify, if any. */
export function captureLandingParams(query: URLSearchParams): { redirectKey: string | null } {
  if (isOn(query.get('monthly'))) preferMonthly();
  const app = query.get('app')?.trim().toLowerCase();
  if (app && APP_NAME.test(app)) local.set('app', app);
  const folder = query.get('tv-app-folder')?.trim();
  if (folder) local.set('tvAppFolderId', folder.slice(0, MAX_FOLDER_ID));
  captureAttribution(query);
  return { redirectKey: query.get('key')?.trim() || null };
}

const verifications = new Map<string, Promise<boolean>>();

/**
 * Trades a redirect key (from a web app) for a session token. Keys are single
 * use, so each key is verified once per page load, whoever asks. A refused key
 * drops the stored token: the caller then sends the parent to login (docs/product.md#flows).
 */
export function verifyRedirectKeyOnce(redirectKey: string): Promise<boolean> {
  let verification = verifications.get(redirectKey);
  if (!verification) {
    verification = callOnDemand(
      () => import('./api/redirect'),
      (calls) => calls.verifyRedirectKey(redirectKey),
    ).then((result) => {
      if (result.ok && result.data?.token) {
        setToken(result.data.token);
        return true;
      }
      clearSession();
      return false;
    });
    verifications.set(redirectKey, verification);
  }
  return verification;
}
