import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('LogoutPage');

export default function LogoutPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="LogoutPage" params={params} />;
}
