// TV platforms (the set-top box browsers of our TV partners) announce
// themselves in the user agent; docs/product.md#flows "Startup" and docs/product.md#roles.
const TV_MARKERS = ['OMI', 'TV Store'] as const;

/** Pure rule, usable on the server (request header) and in the browser. */
export function isTvUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return TV_MARKERS.some((marker) => userAgent.includes(marker));
}

/** In the browser: is this page running on a TV platform? */
export function isTvPlatform(): boolean {
  return typeof navigator !== 'undefined' && isTvUserAgent(navigator.userAgent);
}

export type DeviceType = 'tv' | 'mobile' | 'tablet' | 'desktop';

/** Coarse device class for analytics records. */
export function deviceTypeOf(userAgent: string): DeviceType {
  if (isTvUserAgent(userAgent)) return 'tv';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
