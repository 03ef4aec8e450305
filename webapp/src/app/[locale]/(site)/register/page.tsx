import type { Metadata } from 'next';
import RegisterPage from '@/components/register/RegisterPage';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { pageMetadata } from '@/lib/seo';

// Prerendered; TV platforms are sent to the login by src/proxy.ts (they cannot register).
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'RegisterPage', path: '/register' });
}

export default async function Register({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  return <RegisterPage locale={locale} />;
}
