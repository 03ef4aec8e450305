import { generateRedirectKey as requestRedirectKey } from '../api/redirect';
import type { WebApp } from './decide';

// Going back to a web app: a fresh single-use redirect key lets it log the parent
// in. The web apps' addresses are server settings, so the browser goes through
// /apps/{app}, which forwards `key` (and a TV `folder`) to the configured address.

export async function generateRedirectKey(): Promise<string | null> {
  const result = await requestRedirectKey();
  return result.ok && result.data?.redirectKey ? result.data.redirectKey : null;
}

export function webAppPath(app: WebApp, redirectKey: string, folderId?: string): string {
  const query = new URLSearchParams({ key: redirectKey });
  if (folderId) query.set('folder', folderId);
  return `/apps/${app}?${query}`;
}

/** Leaves the site for a web app; false when no key could be made (the caller shows an error). */
export async function openWebApp(app: WebApp, folderId?: string): Promise<boolean> {
  const key = await generateRedirectKey();
  if (!key) return false;
  window.location.assign(webAppPath(app, key, folderId));
  return true;
}
