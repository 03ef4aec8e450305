import { session } from '../session/storage';
import { firstSegment } from './routes';

// Issue 7 "TV linking": a parent who scans the TV's QR code while logged out is
// sent to /login and must come back to /link with the PIN. Only the pages listed
// here are remembered, so the login never sends anyone to an arbitrary address.
const RETURNABLE = new Set(['link']);

/** Remembers a guarded page (path without locale, plus its query) to reopen after login. */
export function rememberReturn(pathname: string, search = ''): void {
  if (!RETURNABLE.has(firstSegment(pathname))) return;
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  session.set('returnTo', `/${firstSegment(pathname)}${query}`);
}

/** The remembered page, once: it is forgotten as it is read. */
export function takeReturn(): string | null {
  const value = session.get('returnTo');
  session.remove('returnTo');
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  return RETURNABLE.has(firstSegment(value)) ? value : null;
}
