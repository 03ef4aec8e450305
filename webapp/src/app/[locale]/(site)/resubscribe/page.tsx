import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('ResubscribePage');

export default function ResubscribePage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="ResubscribePage" params={params} />;
}
