import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('RetailerPage');

export default function AcefPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="RetailerPage" params={params} />;
}
