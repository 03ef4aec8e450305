import 'server-only';
import { redirect as redirectExternal } from 'next/navigation';
import { firstValue, type SearchParams } from '@/i18n/locale-params';
import { webAppUrl, type WebApp } from '@/lib/config';

// The account site sends a parent back to a web app with a single-use redirect key
// (and, for TV, the folder to open); nothing else of the query is passed on.
const FORWARDED_TO_WEB_APP = ['key', 'folder'] as const;

/** The configured address of the web app, with the forwarded key (and TV folder). */
export function webAppTarget(
  app: WebApp,
  query: Record<string, string | string[] | undefined>,
): string {
  const target = new URL(webAppUrl(app));
  FORWARDED_TO_WEB_APP.forEach((name) => {
    const value = firstValue(query[name]);
    if (value) target.searchParams.set(name, value);
  });
  return target.toString();
}

export async function redirectToWebApp(app: WebApp, searchParams?: SearchParams): Promise<never> {
  redirectExternal(webAppTarget(app, searchParams ? await searchParams : {}));
}
