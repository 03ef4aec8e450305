import { notFound } from 'next/navigation';
import { notFoundMetadata } from '@/lib/metadata/not-found';

// Unknown paths under a locale render the localized not-found page (../not-found.tsx) inside the
// locale layout, so the document keeps its lang and dir. The metadata is the not-found page's own,
// returned, not thrown: a notFound() thrown from generateMetadata fails the streamed shell and
// Next answers with its bare error document (no lang) until the browser renders the page.
export const generateMetadata = notFoundMetadata;

export default function CatchAllPage() {
  notFound();
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
