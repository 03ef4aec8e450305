import type { components } from './schema';

// The operator console's calls to /ops/v1 (docs/operator-console.md). The staff token lives in this
// tab's sessionStorage only (never the parents' localStorage token): it dies with the tab, 8 h at most.
export const STAFF_TOKEN_KEY = 'lumo_ops_token';
export const STAFF_KEY = 'lumo_ops_staff';

// The console's answers, as generated from the API's OpenAPI document.
type Schemas = components['schemas'];
export type OpsParentPage = Schemas['OpsParentPage'];
export type OpsSearchResult = Schemas['OpsParentFound'];
export type OpsAuditEntry = Schemas['OpsAuditEntry'];
export type OpsDeadLetter = Schemas['OpsDeadLetter'];
export type OpsWebhookEvent = Schemas['OpsWebhookEvent'];
export type OpsRevenue = Schemas['OpsRevenue'];
export type OpsCohort = Schemas['OpsCohort'];
export type OpsFunnelDay = Schemas['OpsFunnelDay'];
export type OpsStaffMember = Schemas['OpsStaffMember'];
export type OpsSite = Schemas['OpsSite'];
export type OpsCharge = Schemas['OpsCharge'];
export type OpsPaymentHistoryEntry = Schemas['OpsPaymentHistory'];
export type OpsGrantRequest = Schemas['OpsGrantRequest'];

export type Staff = { id: number; email: string; role: string; permissions: string[] };
/** A refusal's numbers (grantTooLong: max; grantLimitReached: max, left, windowDays) for its text. */
export type OpsErrorParams = Record<string, number>;
export type OpsResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; max?: number; params?: OpsErrorParams };

export function staffToken(): string | null {
  return typeof window === 'undefined' ? null : window.sessionStorage.getItem(STAFF_TOKEN_KEY);
}

export function signedInStaff(): Staff | null {
  const raw = typeof window === 'undefined' ? null : window.sessionStorage.getItem(STAFF_KEY);
  try {
    return raw ? (JSON.parse(raw) as Staff) : null;
  } catch {
    return null;
  }
}

export function keepSession(token: string, staff: Staff): void {
  window.sessionStorage.setItem(STAFF_TOKEN_KEY, token);
  window.sessionStorage.setItem(STAFF_KEY, JSON.stringify(staff));
}

export function forgetSession(): void {
  window.sessionStorage.removeItem(STAFF_TOKEN_KEY);
  window.sessionStorage.removeItem(STAFF_KEY);
}

export function may(staff: Staff | null, permission: string): boolean {
  return !!staff && staff.permissions.includes(permission);
}

export async function opsRequest<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown } = {},
): Promise<OpsResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = staffToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/ops/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, message: 'somethingWentWrong' };
  }
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  if (response.ok) return { ok: true, data: body as T };
  if (response.status === 401 && path !== '/session') forgetSession();
  const message = typeof body?.message === 'string' ? body.message : 'somethingWentWrong';
  return {
    ok: false,
    status: response.status,
    message,
    max: typeof body?.max === 'number' ? body.max : undefined,
    params: numbersOf(body),
  };
}

function numbersOf(body: Record<string, unknown> | null): OpsErrorParams {
  const params: OpsErrorParams = {};
  for (const [key, value] of Object.entries(body ?? {})) {
    if (key !== 'code' && typeof value === 'number') params[key] = value;
  }
  return params;
}

/** The codes of a campaign as CSV (the import's columns, plus redeemed_at); null when refused. */
export async function campaignCodesCsv(prefix: string): Promise<string | null> {
  try {
    const response = await fetch(`/api/ops/v1/campaigns/codes?${new URLSearchParams({ prefix })}`, {
      headers: { Authorization: `Bearer ${staffToken() ?? ''}` },
    });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/** A quarter's OSS figures as CSV (docs/billing.md#vat); null when refused. Finance and admin. */
export async function ossCsv(year: number, quarter: number): Promise<string | null> {
  try {
    const query = new URLSearchParams({ year: String(year), quarter: String(quarter) });
    const response = await fetch(`/api/ops/v1/revenue/oss?${query}`, {
      headers: { Authorization: `Bearer ${staffToken() ?? ''}` },
    });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}
