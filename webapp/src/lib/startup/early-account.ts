import { routing } from '@/i18n/routing';
import { API_BASE_PATH, API_DEFAULT_HEADERS } from '../api/base-path';
import { LOCAL_KEYS } from '../session/storage';
import { PRIVATE_SEGMENTS, REDIRECT_KEY_PARAM, REDIRECT_KEY_SEGMENT } from './routes';

// The start-up call, started by the layout's head script as soon as the HTML arrives, instead of
// after the page's scripts have loaded and hydrated: on a private page with a stored token, the account
// read (GET /v5/subscriptions) travels while the scripts download, and the start-up logic
// (lib/startup/run.ts) takes its answer through the API client like any other
// (docs/web-speed.md#signed-in-pages). Only the first read of the page takes it, with the same token,
// within FRESH_MS.

export const EARLY_ACCOUNT_PATH = `${API_BASE_PATH}/v5/subscriptions`;
const GLOBAL = '__lumoEarlyAccount';
const FRESH_MS = 10_000;

type EarlyAccount = { token: string; at: number; response: Promise<Response> };

/**
 * The head script's part (lib/security/inline-scripts.ts): the request the API client would send for
 * the start-up call — same URL, same headers — on the pages that make it first (a private page, no
 * redirect key to verify before it).
 */
export function earlyAccountScript(): string {
  const locales = JSON.stringify(routing.locales);
  const segments = JSON.stringify(PRIVATE_SEGMENTS);
  const tokenKeys = JSON.stringify([LOCAL_KEYS.userToken, LOCAL_KEYS.token]);
  // A page that may carry a redirect key (run.ts, redirectKeyOf) verifies it before the account read.
  const keySegment = JSON.stringify(REDIRECT_KEY_SEGMENT);
  const keyParam = JSON.stringify(REDIRECT_KEY_PARAM);
  const headers = JSON.stringify(API_DEFAULT_HEADERS).slice(0, -1);
  return (
    `try{var p=location.pathname.split("/").filter(Boolean);if(${locales}.indexOf(p[0])>=0)p.shift();` +
    `var k=${tokenKeys},t=localStorage.getItem(k[0])||localStorage.getItem(k[1]);` +
    `if(t&&${segments}.indexOf(p[0]||"")>=0&&p[0]!==${keySegment}` +
    `&&!new URLSearchParams(location.search).has(${keyParam}))` +
    `window.${GLOBAL}={token:t,at:Date.now(),response:fetch(${JSON.stringify(EARLY_ACCOUNT_PATH)},` +
    `{method:"GET",headers:${headers},"Authorization":"Bearer "+t}})}}catch(e){}`
  );
}

/**
 * The early answer for this request, once: when it is the start-up call the head script made, with the
 * same bearer token, not older than FRESH_MS. Otherwise null, and the client sends its own request.
 */
export function takeEarlyAccount(
  url: string,
  method: string,
  authorization: string | undefined,
): Promise<Response> | null {
  if (typeof window === 'undefined' || method !== 'GET' || url !== EARLY_ACCOUNT_PATH) return null;
  const holder = window as unknown as Record<string, EarlyAccount | undefined>;
  const early = holder[GLOBAL];
  if (!early) return null;
  delete holder[GLOBAL]; // taken once, whatever follows
  if (authorization !== `Bearer ${early.token}` || Date.now() - early.at > FRESH_MS) return null;
  return early.response;
}
