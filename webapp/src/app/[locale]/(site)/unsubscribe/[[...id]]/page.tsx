import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('UnsubscribePage');

export default function UnsubscribePage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="UnsubscribePage" params={params} />;
}
