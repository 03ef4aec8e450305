// Browser storage, with the key names of docs/product.md#entities. Every page reads and
// writes the session through this module only, so logout can clear exactly
// what docs/product.md#flows says and nothing else.

import { clearSignedInHint, setSignedInHint } from './signed-in-hint';

export const LOCAL_KEYS = {
  userToken: 'kidj_ut',
  token: 'token',
  coupon: 'coupon',
  couponDurationCode: 'couponDurationCode',
  couponProduct: 'couponProduct',
  discountDetails: 'discountDetails',
  plan: 'plan',
  app: 'app',
  storeId: 'storeId',
  countryCode: 'cc',
  tvAppFolderId: 'tvAppFolderId',
  backToApp: 'backToApp',
  swissComeCampaign: 'swissComeCampaign',
  // Not in the spec's list, but needed by the logout and profile rules of docs/product.md#flows.
  partner: 'partner',
  subscriptions: 'subscriptions',
  email: 'email',
  name: 'name',
  // The holiday promo window ("from/to") whose modal this browser closed; kept at logout.
  holidayModal: 'holidayModal',
} as const;

export const SESSION_KEYS = {
  emailModal: 'emailModal',
  selectedPlan: 'selectedPlan',
  utm: 'utm',
  landingEmail: 'landingEmail',
  // 'Ads' when the landing address carried an ad click id (gclid, fbclid…), for analytics.
  origin: 'origin',
  // The guarded page (with its query) to reopen after the login it required.
  returnTo: 'returnTo',
  // The private page whose session ended mid-task, to reopen after the login.
  returnAfterExpiry: 'returnAfterExpiry',
  // A passed age gate (nothing about the answer), and the time before which a refused one waits.
  ageGatePassed: 'ageGatePassed',
  ageGateRetryAt: 'ageGateRetryAt',
} as const;

export type LocalKey = keyof typeof LOCAL_KEYS;
export type SessionKey = keyof typeof SESSION_KEYS;

// docs/product.md#flows "Logout clears token, coupon keys, plan, partner, subscriptions, e-mail and name";
// /logout also clears the stored store id.
export const LOGOUT_KEYS: readonly LocalKey[] = [
  'userToken',
  'token',
  'coupon',
  'couponDurationCode',
  'couponProduct',
  'discountDetails',
  'plan',
  'partner',
  'subscriptions',
  'email',
  'name',
  'storeId',
];
export const COUPON_KEYS: readonly LocalKey[] = [
  'coupon',
  'couponDurationCode',
  'couponProduct',
  'discountDetails',
];

function area(kind: 'local' | 'session'): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (private mode, blocked cookies)
  }
}

export const local = {
  get(key: LocalKey): string | null {
    return area('local')?.getItem(LOCAL_KEYS[key]) ?? null;
  },
  set(key: LocalKey, value: string): void {
    area('local')?.setItem(LOCAL_KEYS[key], value);
    if (key === 'userToken') setSignedInHint();
  },
  remove(...keys: LocalKey[]): void {
    const storage = area('local');
    keys.forEach((key) => storage?.removeItem(LOCAL_KEYS[key]));
    if (keys.includes('userToken')) clearSignedInHint();
  },
  getJson<T>(key: LocalKey): T | null {
    const raw = local.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: LocalKey, value: unknown): void {
    local.set(key, JSON.stringify(value));
  },
};

export const session = {
  get(key: SessionKey): string | null {
    return area('session')?.getItem(SESSION_KEYS[key]) ?? null;
  },
  set(key: SessionKey, value: string): void {
    area('session')?.setItem(SESSION_KEYS[key], value);
  },
  remove(key: SessionKey): void {
    area('session')?.removeItem(SESSION_KEYS[key]);
  },
};

/** The bearer token; the apps historically stored it under two keys. */
export function getToken(): string | null {
  return local.get('userToken') ?? local.get('token');
}

export function setToken(token: string): void {
  local.set('userToken', token);
  local.set('token', token);
}

export function clearSession(): void {
  local.remove(...LOGOUT_KEYS);
}

export function clearCoupon(): void {
  local.remove(...COUPON_KEYS);
}
