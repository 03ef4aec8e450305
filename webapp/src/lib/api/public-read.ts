import type { ApiResult } from './client';
import { API_BASE_PATH, API_DEFAULT_HEADERS } from './base-path';
import { parseJson } from './json';
import { announceMaintenance, isMaintenance } from './maintenance';
import type { paths } from './schema';
import { getToken } from '../session/storage';

// The reads a public page makes as it loads — the visitor's country (GET /v4/country), the plans
// (GET /v5/plans) and the landing's prices (GET /v5/plans/register) — with `fetch` instead of the typed
// client (lib/api/client.ts): a first visit to /homePage, /register or /login would otherwise download
// openapi-fetch and the client for these reads alone (docs/web-speed.md#the-api-client-on-demand).
// Paths, query and answer are typed from the same generated schema. What the client does that a public
// read can meet is done here too: the stored token goes as the bearer (the plans' `subscribed` flags),
// maintenance is announced. An optional bearer is never refused, so there is no session expiry to
// announce, and a failure carries the generic error key: every caller shows a retry or nothing.

type GetOperation = {
  parameters: { query?: unknown };
  responses: { 200: { content: { 'application/json': unknown } } };
};
/** The schema's paths whose GET answers 200 with JSON. */
export type PublicReadPath = {
  [P in keyof paths]: paths[P] extends { get: GetOperation } ? P : never;
}[keyof paths];
type Operation<P extends PublicReadPath> = paths[P] extends { get: infer G } ? G : never;
type Query<P extends PublicReadPath> =
  Operation<P> extends { parameters: { query?: infer Q } } ? Q : never;
type Answer<P extends PublicReadPath> =
  Operation<P> extends { responses: { 200: { content: { 'application/json': infer A } } } }
    ? A
    : never;

/** The path with its query string, as the client would build it (undefined values left out). */
export function readUrl(path: string, query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.append(name, String(value));
  const search = params.toString();
  return `${API_BASE_PATH}${path}${search ? `?${search}` : ''}`;
}

/** GET `path` with its query; the answer as the client's result union. Status 0: the network failed. */
export async function publicRead<P extends PublicReadPath>(
  path: P,
  query?: Query<P>,
): Promise<ApiResult<Answer<P>>> {
  const token = getToken();
  const headers: Record<string, string> = { ...API_DEFAULT_HEADERS };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(readUrl(path, query as Record<string, unknown> | undefined), {
      headers,
    });
    body = parseJson(await response.text());
  } catch {
    return { ok: false, status: 0, errorKey: 'somethingWentWrong' };
  }
  if (response.ok) return { ok: true, status: response.status, data: body as Answer<P> };
  if (isMaintenance(response.status, body)) announceMaintenance();
  return { ok: false, status: response.status, errorKey: 'somethingWentWrong' };
}
