import { sendAnalyticsRecord } from './api/analytics';
import { hasAnalyticsConsent } from './consent';
import { DEFAULT_COUNTRY } from './country';
import { deviceTypeOf, isTvUserAgent } from './platform';
import { local, session } from './session/storage';

// docs/product.md#entities "Analytics record" and docs/product.md#constants event names. `track` is the single
// entry point, and the consent gate sits inside it.
export type AnalyticsEvent =
  | 'OPEN_APP'
  | 'PAYMENT_DONE'
  | 'CLOSE'
  | 'PAYMENT_METHOD_SELECTION'
  | 'CLICK_REGISTER'
  | 'START_FREE_TRIAL';

export type Utm = {
  source?: string;
  medium?: string;
  campaign?: string;
  content?: string;
  term?: string;
};
export type Origin = 'Organic' | 'Ads';

export { ANALYTICS_PATH } from './api/analytics';
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'content', 'term'] as const;
export const CLICK_ID_PARAMS = ['gclid', 'fbclid', 'msclkid', 'ttclid'] as const;
const MAX_UTM_LENGTH = 200; // the API's limit per field

function analyticsKey(): string {
  return process.env.NEXT_PUBLIC_ANALYTICS_KEY || 'lumo-web-dev';
}

/** Keeps the utm_* parameters of the landing address and notes an ad click. */
export function captureAttribution(query: URLSearchParams): void {
  const utm: Utm = {};
  UTM_FIELDS.forEach((field) => {
    const value = query.get(`utm_${field}`)?.trim();
    if (value) utm[field] = value.slice(0, MAX_UTM_LENGTH);
  });
  // A later page without utm_* keeps the campaign the visitor arrived with.
  if (Object.keys(utm).length) session.set('utm', JSON.stringify(utm));
  if (CLICK_ID_PARAMS.some((param) => query.get(param))) session.set('origin', 'Ads');
}

export function storedUtm(): Utm | undefined {
  try {
    const parsed = JSON.parse(session.get('utm') ?? 'null') as Record<string, unknown> | null;
    if (!parsed || typeof parsed !== 'object') return undefined;
    const utm: Utm = {};
    UTM_FIELDS.forEach((field) => {
      if (typeof parsed[field] === 'string') utm[field] = parsed[field] as string;
    });
    return Object.keys(utm).length ? utm : undefined;
  } catch {
    return undefined;
  }
}

export function storedOrigin(): Origin {
  return session.get('origin') === 'Ads' ? 'Ads' : 'Organic';
}

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; TV browsers on plain http lack it.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function analyticsRecord(event: AnalyticsEvent, extra: Record<string, unknown> = {}) {
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const utm = storedUtm();
  return {
    env: 'web',
    app: local.get('app') || 'web',
    countryCode: local.get('countryCode') || DEFAULT_COUNTRY,
    timestamp: new Date().toISOString(),
    origin: storedOrigin(),
    device: {
      platform: isTvUserAgent(userAgent) ? 'tv' : 'web',
      deviceType: deviceTypeOf(userAgent),
    },
    transactionUuid: uuid(),
    event,
    ...(utm ? { utm } : {}),
    ...extra,
  };
}

/**
 * Sends one analytics record; never throws and never delays the caller.
 * Nothing leaves the browser unless the visitor accepted analytics cookies.
 */
export function track(event: AnalyticsEvent, extra?: Record<string, unknown>): void {
  try {
    if (typeof window === 'undefined') return;
    if (!hasAnalyticsConsent()) return;
    sendAnalyticsRecord(analyticsRecord(event, extra), analyticsKey());
  } catch {
    // Analytics must never break a page.
  }
}
