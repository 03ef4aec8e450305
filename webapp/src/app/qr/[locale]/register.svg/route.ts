import { hasLocale } from 'next-intl';
import { qrSvg } from '@/components/login/QrCode';
import { routing } from '@/i18n/routing';
import { absoluteUrl } from '@/lib/seo';

// docs/product.md#screens "Login": on a TV, a QR code sends the parent to the register page on a phone.
// The code is an image built once per locale when the app is built, so the login page sends
// only its address; phones and computers, which never show it, no longer download the drawing.
export const dynamic = 'force-static';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return new Response(null, { status: 404 });
  return new Response(qrSvg(absoluteUrl(locale, '/register')), {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=3600, s-maxage=86400',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
