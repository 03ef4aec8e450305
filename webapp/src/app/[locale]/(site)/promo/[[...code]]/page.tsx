import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('PromoPage');

export default function PromoPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="PromoPage" params={params} />;
}
