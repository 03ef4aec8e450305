import { API_BASE_PATH } from './base-path';
import type { components } from './schema';

// POST /v4/analytics: one record, sent with the web app's public key and `keepalive`, so it survives the
// navigation that usually follows. Not through the typed client: no bearer token, no answer to read.
export const ANALYTICS_PATH = `${API_BASE_PATH}/v4/analytics`;

export type AnalyticsRecord = components['schemas']['AnalyticsRecord'];

/** Fire and forget: a failure is swallowed (analytics must never break a page). */
export function sendAnalyticsRecord(record: Record<string, unknown>, apiKey: string): void {
  fetch(ANALYTICS_PATH, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': apiKey },
    body: JSON.stringify(record),
  }).catch(() => undefined);
}
