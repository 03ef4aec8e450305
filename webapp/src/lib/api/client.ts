import createClient, {
  type ClientPathsWithMethod,
  type MaybeOptionalInit,
  type MethodResponse,
} from 'openapi-fetch';
import { getToken } from '../session/storage';
import { takeEarlyAccount } from '../startup/early-account';
import { API_BASE_PATH, API_DEFAULT_HEADERS } from './base-path';
import { errorKeyFromBody, type ErrorKey } from './errors';
import { parseJson } from './json';
import { announceMaintenance, isMaintenance } from './maintenance';
import type { paths } from './schema';
import { announceSessionExpired, isSessionExpired } from './session-expiry';
import { announceTermsUpdate, isTermsUpdate } from './terms';

// The one client of the Flask API, typed from its OpenAPI document (schema.d.ts, generated): each call
// names a path of `paths`, and its params (`params.path`, `params.query`), body and answer follow from it.
// openapi-fetch builds the request; the answer comes back as a result union the components read:
// ApiResult for the parents' API (`api`, `publicApi`), OpsResult for the operator console (lib/api/ops).
export { API_BASE_PATH };

export type ApiFailure = {
  ok: false;
  status: number; // 0 when the network failed
  code?: number;
  errorKey: ErrorKey;
  body?: Record<string, unknown>; // the whole error body (errorMessage, couponProduct, messageCode…)
};
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

/**
 * One request as openapi-fetch builds it, kept as plain fields: the URL stays relative to the page (also
 * where there is no page, as in a server render or a test) and fetch gets (url, init) as it always did.
 */
class OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null | undefined;
  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.headers = new Headers(init.headers);
    this.body = init.body;
  }
}

/** 'content-type' → 'Content-Type' (Headers keeps names in lower case). */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

function send(request: OutgoingRequest): Promise<Response> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[headerName(name)] = value));
  // The start-up call the head script already sent (lib/startup/early-account.ts), taken once.
  const early = takeEarlyAccount(request.url, request.method, headers.Authorization);
  if (early) return early;
  // Looked up at each call: a replaced global fetch (tests) is the one used.
  return globalThis.fetch(request.url, { method: request.method, headers, body: request.body });
}

const raw = createClient<paths>({
  baseUrl: API_BASE_PATH,
  headers: API_DEFAULT_HEADERS,
  Request: OutgoingRequest as unknown as typeof Request,
  fetch: send as unknown as (request: Request) => Promise<Response>,
});

type Raw = typeof raw;
type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';
/** A result union (ApiResult, OpsResult) of the answer `T`. */
export interface Shapes<T> {
  api: ApiResult<T>;
  ops: import('./ops').OpsResult<T>;
}
type ShapeName = keyof Shapes<unknown>;

/**
 * openapi-fetch's method (url, then the init its path needs: params, body, headers), answering the
 * result union `S` of the path's success answer.
 */
type Method<M extends HttpMethod, S extends ShapeName> = <
  P extends ClientPathsWithMethod<Raw, M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  url: P,
  ...init: undefined extends I ? [I?] : [I]
) => Promise<Shapes<MethodResponse<Raw, M, P>>[S]>;

export type TypedClient<S extends ShapeName> = {
  GET: Method<'get', S>;
  POST: Method<'post', S>;
  PUT: Method<'put', S>;
  PATCH: Method<'patch', S>;
  DELETE: Method<'delete', S>;
};

/** What came back, before a client shapes it; status 0 when the network failed. */
export interface Received {
  ok: boolean;
  status: number;
  body: unknown;
  /** A bearer token went with the request. */
  sentToken: boolean;
  /** The schema path called (e.g. '/ops/v1/session'). */
  path: string;
}

type RawCall = (
  url: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * A typed client on `paths`: `token` (read at each call) goes as the bearer token, and `shape` turns what
 * came back into the result union `S`. A network failure (fetch threw) comes back as status 0.
 */
export function typedClient<S extends ShapeName>(
  token: () => string | null,
  shape: (received: Received) => Shapes<unknown>[S],
): TypedClient<S> {
  const method =
    (name: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    async (url: string, init: Record<string, unknown> = {}) => {
      const sent = token();
      const headers = {
        ...(sent ? { Authorization: `Bearer ${sent}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      };
      let received: Received;
      try {
        // As text, parsed here: an empty or non-JSON body reads as null, as it always did.
        const call = raw[name] as unknown as RawCall;
        const { data, error, response } = await call(url, { ...init, headers, parseAs: 'text' });
        const body = parseJson(response.ok ? data : error);
        received = { ok: response.ok, status: response.status, body, sentToken: !!sent, path: url };
      } catch {
        received = { ok: false, status: 0, body: null, sentToken: !!sent, path: url };
      }
      return shape(received);
    };
  return {
    GET: method('GET'),
    POST: method('POST'),
    PUT: method('PUT'),
    PATCH: method('PATCH'),
    DELETE: method('DELETE'),
  } as unknown as TypedClient<S>;
}

/** The parents' API's result: the error body's message key, and the page-wide announcements. */
export function apiResult({ ok, status, body, sentToken }: Received): ApiResult<unknown> {
  if (ok) return { ok: true, status, data: body };
  if (status === 0) return { ok: false, status: 0, errorKey: 'somethingWentWrong' };
  // New terms to accept; the layout's prompt blocks the page until then.
  if (isTermsUpdate(status, body)) announceTermsUpdate(body);
  if (isMaintenance(status, body)) announceMaintenance();
  if (isSessionExpired(status, sentToken)) announceSessionExpired();
  const code = (body as { code?: unknown } | null)?.code;
  return {
    ok: false,
    status,
    code: typeof code === 'number' ? code : undefined,
    errorKey: errorKeyFromBody(body),
    body: body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined,
  };
}

/** The parents' API with the stored bearer token (when there is one). */
export const api = typedClient<'api'>(getToken, apiResult);
/** The parents' API without any bearer token (public pages, a payment link). */
export const publicApi = typedClient<'api'>(() => null, apiResult);
