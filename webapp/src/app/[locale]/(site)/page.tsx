import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('ProfilePage');

export default function ProfilePage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="ProfilePage" params={params} />;
}
