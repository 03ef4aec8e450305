import type { components } from './schema';

// Terms versioning: any authenticated call answers 403
// {code: 9, message: "termsUpdate", version} while the parent has not accepted
// the terms in force. The API client announces it; the site layout's
// TermsUpdateNotice listens and opens TermsUpdatePrompt, which blocks the page until the parent accepts.
export const TERMS_UPDATE_EVENT = 'lumo:terms-update';
export const TERMS_UPDATE_CODE = 9;
export const TERMS_ACCEPT_PATH = '/v5/terms/accept';

/** The version to accept, from the 403's body. */
export type TermsUpdateDetail = Required<Pick<components['schemas']['ApiError'], 'version'>>;

export function isTermsUpdate(status: number, body: unknown): boolean {
  const b = body as { code?: unknown; message?: unknown } | null;
  return status === 403 && !!b && (b.code === TERMS_UPDATE_CODE || b.message === 'termsUpdate');
}

export function announceTermsUpdate(body: unknown): void {
  if (typeof window === 'undefined') return;
  const version = (body as { version?: unknown } | null)?.version;
  const detail: TermsUpdateDetail = {
    version: typeof version === 'string' ? version : String(version ?? ''),
  };
  window.dispatchEvent(new CustomEvent<TermsUpdateDetail>(TERMS_UPDATE_EVENT, { detail }));
}
