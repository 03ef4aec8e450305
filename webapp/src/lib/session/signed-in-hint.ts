// A non-secret "signed in" hint, kept as a cookie next to the stored token (which stays in
// local storage, docs/product.md#entities). It holds no token, only "1": the proxy (src/proxy.ts) reads
// it to send an anonymous visitor of a private page to the login before that page renders. A forged hint
// only gets the page's shell, which the start-up logic then sends to the login as before.

export const SIGNED_IN_COOKIE = 'lumo_signed_in';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

function secure(): string {
  return typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
}

export function setSignedInHint(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure()}`;
}

export function clearSignedInHint(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure()}`;
}

export function hasSignedInHint(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? '')
    .split(';')
    .some(
      (part) =>
        part.trim().startsWith(`${SIGNED_IN_COOKIE}=`) && part.split('=')[1]?.trim() === '1',
    );
}

/** The hint follows the token: set while one is stored (a session from before the hint existed), else cleared. */
export function syncSignedInHint(hasToken: boolean): void {
  if (typeof document === 'undefined') return;
  const present = hasSignedInHint(document.cookie);
  if (hasToken && !present) setSignedInHint();
  else if (!hasToken && present) clearSignedInHint();
}
