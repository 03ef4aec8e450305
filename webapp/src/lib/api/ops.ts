import { typedClient, type Received } from './client';
import type { components } from './schema';

// The operator console's calls to /ops/v1 (docs/operator-console.md), on the same typed client as the
// parents' API with its own bearer token and result. The staff token lives in this tab's sessionStorage
// only (never the parents' localStorage token): it dies with the tab, 8 h at most.
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
export type OpsCampaignReport = Schemas['OpsCampaignReport'];
export type OpsDeclaration = Schemas['OpsDeclaration'];
export type Staff = Schemas['OpsStaff'];

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

/** The console's result: the error body's message key and numbers; a 401 ends the staff session. */
function opsResult({ ok, status, body, path }: Received): OpsResult<unknown> {
  if (ok) return { ok: true, data: body };
  if (status === 0) return { ok: false, status: 0, message: 'somethingWentWrong' };
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  if (status === 401 && path !== '/ops/v1/session') forgetSession();
  const message = typeof fields?.message === 'string' ? fields.message : 'somethingWentWrong';
  return {
    ok: false,
    status,
    message,
    max: typeof fields?.max === 'number' ? fields.max : undefined,
    params: numbersOf(fields),
  };
}

/** The console's calls, with the staff token of this tab: `ops.GET('/ops/v1/parents/{account_id}', …)`. */
export const ops = typedClient<'ops'>(staffToken, opsResult);

function numbersOf(body: Record<string, unknown> | null): OpsErrorParams {
  const params: OpsErrorParams = {};
  for (const [key, value] of Object.entries(body ?? {})) {
    if (key !== 'code' && typeof value === 'number') params[key] = value;
  }
  return params;
}

/**
 * A CSV export of the console (`/ops/v1` + `path`, with `query`), read as text with the staff token;
 * null when refused or when the network failed. Downloads are not JSON, so they do not go through `ops`.
 */
export async function staffCsv(
  path: string,
  query: Record<string, string>,
): Promise<string | null> {
  try {
    const response = await fetch(`/api/ops/v1${path}?${new URLSearchParams(query)}`, {
      headers: { Authorization: `Bearer ${staffToken() ?? ''}` },
    });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/** The codes of a campaign as CSV (the import's columns, plus redeemed_at); null when refused. */
export const campaignCodesCsv = (prefix: string) => staffCsv('/campaigns/codes', { prefix });

/** A quarter's OSS figures as CSV (docs/billing.md#vat); null when refused. Finance and admin. */
export const ossCsv = (year: number, quarter: number) =>
  staffCsv('/revenue/oss', { year: String(year), quarter: String(quarter) });
