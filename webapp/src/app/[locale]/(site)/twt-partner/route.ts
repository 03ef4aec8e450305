import { partnerRoute } from '@/components/redirects/partnerRoute';

// A partner entry point: an HTTP redirect to the landing page with its query (utm), not a page.
export const dynamic = 'force-dynamic';

export const GET = partnerRoute();
