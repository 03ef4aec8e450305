import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('HomePage');

export default function HomePage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="HomePage" params={params} />;
}
