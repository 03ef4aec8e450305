import type { Metadata } from 'next';
import RegisterPage from '@/components/register/RegisterPage';
import { resolvePageLocale } from '@/i18n/locale-params';
import { pageMetadata } from '@/lib/seo';

type Params = Promise<{ locale: string; partner: string[] }>;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** /register/{email} pre-fills the e-mail; /register/{partner} names the partner. */
async function entry(params: Params) {
  const segment = safeDecode((await params).partner?.[0] ?? '').trim();
  const isEmail = segment.includes('@');
  return {
    email: isEmail ? segment : '',
    partner: !isEmail && segment ? segment.slice(0, 50) : null,
    segment,
  };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const { segment } = await entry(params);
  return pageMetadata({ locale, namespace: 'RegisterPage', path: '/register', index: !segment });
}

// TV platforms never get here: src/proxy.ts sends them to the login (docs/product.md#roles).
export default async function RegisterWithEntry({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const { email, partner } = await entry(params);
  return <RegisterPage locale={locale} email={email} partner={partner} />;
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
