import type { LocaleParams, SearchParams } from '@/i18n/locale-params';
import { redirectToHomePage } from '@/components/redirects/redirects';

type Props = LocaleParams & { searchParams: SearchParams };

export default async function CafeynRedirect({ params, searchParams }: Props) {
  return redirectToHomePage(params, searchParams);
}
