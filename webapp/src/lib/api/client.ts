import { getToken } from '../session/storage';
import { errorKeyFromBody, type ErrorKey } from './errors';
import { announceMaintenance, isMaintenance } from './maintenance';
import { announceSessionExpired, isSessionExpired } from './session-expiry';
import { announceTermsUpdate, isTermsUpdate } from './terms';

// Browser calls go through Next's /api rewrite to the Flask API (see next.config.ts).
export const API_BASE_PATH = '/api';

export type ApiFailure = {
  ok: false;
  status: number; // 0 when the network failed
  code?: number;
  errorKey: ErrorKey;
  body?: Record<string, unknown>; // the whole error body (errorMessage, couponProduct, messageCode…)
};
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function apiRequest<T>(
  path: string,
  init: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: unknown;
    auth?: boolean; // send the stored bearer token (default: when there is one)
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = init.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, errorKey: 'somethingWentWrong' };
  }

  const body = await readJson(response);
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  // New terms to accept; the layout's prompt blocks the page until then.
  if (isTermsUpdate(response.status, body)) announceTermsUpdate(body);
  if (isMaintenance(response.status, body)) announceMaintenance();
  if (isSessionExpired(response.status, token !== null)) announceSessionExpired();
  const code = (body as { code?: unknown } | null)?.code;
  return {
    ok: false,
    status: response.status,
    code: typeof code === 'number' ? code : undefined,
    errorKey: errorKeyFromBody(body),
    body: body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined,
  };
}
