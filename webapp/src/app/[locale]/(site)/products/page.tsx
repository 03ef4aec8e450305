import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('ProductsPage');

export default function ProductsPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="ProductsPage" params={params} />;
}
