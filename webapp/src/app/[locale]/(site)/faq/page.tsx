import type { Metadata } from 'next';
import FaqView from '@/components/info/FaqView';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'FaqPage', path: '/faq' });
}

export default async function FaqPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return <FaqView />;
}
