import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('SubscribePage');

export default function SubscribePage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="SubscribePage" params={params} />;
}
