import { webAppRoute } from '@/components/redirects/webAppRoute';

// An HTTP redirect, not a page: the single-use key must reach the web app unspent.
// The target URL comes from the environment, so resolve it per request.
export const dynamic = 'force-dynamic';

export const GET = webAppRoute('stories');
