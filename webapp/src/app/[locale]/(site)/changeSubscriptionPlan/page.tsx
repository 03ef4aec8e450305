import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('ChangeSubscriptionPlanPage');

export default function ChangeSubscriptionPlanPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="ChangeSubscriptionPlanPage" params={params} />;
}
