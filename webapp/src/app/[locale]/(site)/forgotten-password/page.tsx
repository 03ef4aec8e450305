import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('ForgottenPasswordPage');

export default function ForgottenPasswordPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="ForgottenPasswordPage" params={params} />;
}
