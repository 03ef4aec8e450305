import { getMessages } from 'next-intl/server';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { routing } from '@/i18n/routing';

// Issue 20: the catalogue's Errors namespace, asked by the browser the first time a page shows an error
// that did not come with it (i18n/error-texts.ts, i18n/ClientIntlProvider.tsx). Written at build time.
export const dynamic = 'force-static';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function GET(_request: Request, { params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const messages = await getMessages({ locale });
  return Response.json(messages.Errors);
}
