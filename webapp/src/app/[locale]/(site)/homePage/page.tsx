import type { Metadata } from 'next';
import LandingPage from '@/components/landing/LandingPage';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'HomePage', path: '/homePage' });
}

export default async function HomePage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  // Prerendered: the prices for the visitor's country are asked by the browser (LandingPrices).
  return (
    <PageMessages namespaces={['HomePage.emailForm', 'HomePage.prices']}>
      <LandingPage />
    </PageMessages>
  );
}
