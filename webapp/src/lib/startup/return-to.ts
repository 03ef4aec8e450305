import { session } from '../session/storage';
import { firstSegment, routeKind } from './routes';

// TV linking: a parent who scans the TV's QR code while logged out is
// sent to /login and must come back to /link with the PIN. Only the pages listed
// here are remembered, so the login never sends anyone to an arbitrary address.
const RETURNABLE = new Set(['link', 'payment-method']);

// A session that ended mid-task brings the parent back to the very page (any private page of
// the site, with its query) after the login. Only a path of this site's private pages is accepted.
const SITE_PATH = /^\/(?!\/)[\w\-./%]*(\?[^#]*)?$/;

const withQuery = (search: string) => (search && !search.startsWith('?') ? `?${search}` : search);

/** Remembers a guarded page (path without locale, plus its query) to reopen after login. */
export function rememberReturn(pathname: string, search = ''): void {
  if (!RETURNABLE.has(firstSegment(pathname))) return;
  session.set('returnTo', `/${firstSegment(pathname)}${withQuery(search)}`);
}

/** The login address's parameter naming the returnable page the proxy sent a visitor from. */
export const RETURN_PARAM = 'returnTo';

export const isReturnable = (pathname: string) => RETURNABLE.has(firstSegment(pathname));

/** Remembers the page a login address names (?returnTo=/link?pin=…), if it is one to return to. */
export function rememberReturnFromQuery(search: string): void {
  const value = new URLSearchParams(search).get(RETURN_PARAM);
  if (!value || !value.startsWith('/') || value.startsWith('//')) return;
  const at = value.indexOf('?');
  rememberReturn(at < 0 ? value : value.slice(0, at), at < 0 ? '' : value.slice(at));
}

/** Remembers the private page whose session just ended (path without locale, plus its query). */
export function rememberExpiredPage(pathname: string, search = ''): void {
  const value = `${pathname.startsWith('/') ? '' : '/'}${pathname}${withQuery(search)}`;
  if (SITE_PATH.test(value) && routeKind(value) === 'guarded')
    session.set('returnAfterExpiry', value);
}

/** The remembered page, once: it is forgotten as it is read. */
export function takeReturn(): string | null {
  const value = session.get('returnTo');
  const expired = session.get('returnAfterExpiry');
  session.remove('returnTo');
  session.remove('returnAfterExpiry');
  if (
    value &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    RETURNABLE.has(firstSegment(value))
  )
    return value;
  if (expired && SITE_PATH.test(expired) && routeKind(expired) === 'guarded') return expired;
  return null;
}
