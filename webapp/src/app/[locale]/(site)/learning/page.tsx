import type { Metadata } from 'next';
import LearningView from '@/components/info/LearningView';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'LearningPage', path: '/learning' });
}

export default async function LearningPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return <LearningView />;
}
