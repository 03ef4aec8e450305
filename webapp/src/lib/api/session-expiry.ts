// A session that ends while a page is open (token expired, idle or revoked: any call sent with the
// bearer token answers 401). The API client announces it; the StartupProvider listens, clears the session and
// sends the parent to the login with the catalogue's `sessionExpired` message, back to the same page after it.
export const SESSION_EXPIRED_EVENT = 'lumo:session-expired';

export function isSessionExpired(status: number, sentToken: boolean): boolean {
  return status === 401 && sentToken;
}

export function announceSessionExpired(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}
