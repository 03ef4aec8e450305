import { redirectToWebApp } from '@/components/redirects/redirects';
import type { SearchParams } from '@/i18n/locale-params';

// The target URL comes from the environment, so resolve it per request.
export const dynamic = 'force-dynamic';

export default async function GamesAppRedirect({ searchParams }: { searchParams: SearchParams }) {
  await redirectToWebApp('games', searchParams);
}
