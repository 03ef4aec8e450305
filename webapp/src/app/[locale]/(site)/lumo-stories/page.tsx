import type { Metadata } from 'next';
import ProductPage from '@/components/info/ProductPage';
import { productPath } from '@/components/layout/site-pages';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({
    locale,
    namespace: 'ProductInfoPage.stories',
    path: productPath('stories'),
  });
}

export default async function LumoStoriesPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return <ProductPage app="stories" />;
}
