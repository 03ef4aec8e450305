import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('RegisterPage');

export default function RegisterPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="RegisterPage" params={params} />;
}
