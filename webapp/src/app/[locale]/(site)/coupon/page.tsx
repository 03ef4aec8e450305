import PlaceholderPage, { placeholderMetadata } from '@/components/placeholder/PlaceholderPage';
import type { LocaleParams } from '@/i18n/locale-params';

export const generateMetadata = placeholderMetadata('CouponPage');

export default function CouponPage({ params }: LocaleParams) {
  return <PlaceholderPage namespace="CouponPage" params={params} />;
}
