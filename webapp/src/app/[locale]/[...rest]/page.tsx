import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

// Unknown paths under a locale render the localized not-found page. Thrown from the metadata too,
// so Next takes the not-found page's metadata (its localized title, issue 17) instead of the site's.
export async function generateMetadata(): Promise<Metadata> {
  notFound();
}

export default function CatchAllPage() {
  notFound();
}

// Issue 20: rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
