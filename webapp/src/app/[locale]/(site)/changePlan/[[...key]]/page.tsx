import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('ChangePlanPage');

export default function ChangePlanPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="ChangePlanPage" params={params} />;
}
