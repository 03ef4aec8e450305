// Consent: the visitor's cookie choice, kept in localStorage under
// `cookieConsent` as JSON with a version and a date. Necessary cookies are
// always on; analytics and marketing need an explicit yes.
//
// TV platforms have no footer, so a choice made there could never be changed or
// withdrawn: on a TV the banner is not shown and only necessary cookies are used
// (hasAnalyticsConsent and hasMarketingConsent say no, whatever is stored).

import { isTvPlatform } from './platform';

export const CONSENT_KEY = 'cookieConsent';
// Bump when the banner's wording or categories change: older choices are asked again.
export const CONSENT_VERSION = 1;
export const CONSENT_EVENT = 'lumo:cookie-consent'; // fired after every saved choice
export const OPEN_SETTINGS_EVENT = 'lumo:cookie-settings'; // the footer link reopens the banner
// Put on <html> by consentProbeScript when a choice of the current version is stored.
export const CONSENT_GIVEN_ATTRIBUTE = 'data-cookie-consent';

export type CookieConsent = {
  version: number;
  date: string; // ISO 8601
  necessary: true;
  analytics: boolean;
  marketing: boolean;
};

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored choice of the current version, or null when the visitor has not chosen yet. */
export function readConsent(): CookieConsent | null {
  try {
    const parsed = JSON.parse(
      storage()?.getItem(CONSENT_KEY) ?? 'null',
    ) as Partial<CookieConsent> | null;
    if (!parsed || typeof parsed !== 'object' || parsed.version !== CONSENT_VERSION) return null;
    if (typeof parsed.date !== 'string') return null;
    return {
      version: CONSENT_VERSION,
      date: parsed.date,
      necessary: true,
      analytics: parsed.analytics === true,
      marketing: parsed.marketing === true,
    };
  } catch {
    return null;
  }
}

/**
 * An inline script for the document's head (it runs before the first paint): marks <html> when
 * readConsent would find a choice, so the banner the server renders for every visitor stays hidden
 * for one who has chosen, instead of showing until React reads the storage after hydration.
 */
export function consentProbeScript(): string {
  const key = JSON.stringify(CONSENT_KEY);
  const attribute = JSON.stringify(CONSENT_GIVEN_ATTRIBUTE);
  return (
    `try{var c=JSON.parse(localStorage.getItem(${key}));if(c&&c.version===${CONSENT_VERSION}&&typeof c.date==="string")` +
    `document.documentElement.setAttribute(${attribute},"")}catch(e){}`
  );
}

export function saveConsent(
  choice: { analytics: boolean; marketing: boolean },
  now = new Date(),
): CookieConsent {
  const consent: CookieConsent = {
    version: CONSENT_VERSION,
    date: now.toISOString(),
    necessary: true,
    analytics: choice.analytics,
    marketing: choice.marketing,
  };
  try {
    storage()?.setItem(CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
  if (typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: consent }));
  return consent;
}

export function hasAnalyticsConsent(): boolean {
  return !isTvPlatform() && readConsent()?.analytics === true;
}

export function hasMarketingConsent(): boolean {
  return !isTvPlatform() && readConsent()?.marketing === true;
}

export function openCookieSettings(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
}
