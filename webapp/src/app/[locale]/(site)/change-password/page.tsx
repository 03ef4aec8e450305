import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('ChangePasswordPage');

export default function ChangePasswordPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="ChangePasswordPage" params={params} />;
}
