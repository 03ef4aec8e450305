import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('SwisscomPage');

export default function SwisscomPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="SwisscomPage" params={params} />;
}
