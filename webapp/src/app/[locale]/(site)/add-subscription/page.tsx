import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('AddSubscriptionPage');

export default function AddSubscriptionPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="AddSubscriptionPage" params={params} />;
}
