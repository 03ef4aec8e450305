import type { Metadata } from 'next';
import AboutView from '@/components/info/AboutView';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'AboutPage', path: '/about' });
}

export default async function AboutPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return <AboutView />;
}
