import ProductsHub from '@/components/products/ProductsHub';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ProductsPage');

export default async function ProductsPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return <ProductsHub />;
}
