import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('LoginPage');

export default function LoginPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="LoginPage" params={params} />;
}
