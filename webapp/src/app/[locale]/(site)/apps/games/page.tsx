import { redirectToWebApp } from '@/components/redirects/redirects';

// The target URL comes from the environment, so resolve it per request.
export const dynamic = 'force-dynamic';

export default function GamesAppRedirect() {
  redirectToWebApp('games');
}
