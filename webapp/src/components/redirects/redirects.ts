import 'server-only';
import { redirect as redirectExternal } from 'next/navigation';
import { redirect } from '@/i18n/navigation';
import { resolvePageLocale, type LocaleParams, type SearchParams } from '@/i18n/locale-params';
import { webAppUrl, type WebApp } from '@/lib/config';

/** Partner entry points (twt-partner, cafeyn, …) land on the home page, same locale and query. */
export async function redirectToHomePage(params: LocaleParams['params'], searchParams: SearchParams) {
  const locale = await resolvePageLocale(params);
  const query = Object.fromEntries(
    Object.entries(await searchParams).filter(([, v]) => v !== undefined),
  ) as Record<string, string | string[]>;
  const href = Object.keys(query).length ? { pathname: '/homePage', query } : '/homePage';
  return redirect({ href, locale });
}

export function redirectToWebApp(app: WebApp): never {
  redirectExternal(webAppUrl(app));
}
