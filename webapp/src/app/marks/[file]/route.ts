import {
  markSvg,
  STORE_MARK_FILES,
  STORE_MARKS,
  storeOfMarkFile,
} from '@/components/brand/storeMarks';

// The app stores' marks as images (components/brand/storeMarks.ts), built once when the app is built.
export const dynamic = 'force-static';

export function generateStaticParams() {
  return Object.values(STORE_MARK_FILES).map((file) => ({ file }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const store = storeOfMarkFile((await params).file);
  if (!store) return new Response(null, { status: 404 });
  return new Response(markSvg(STORE_MARKS[store]), {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400, s-maxage=604800',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
