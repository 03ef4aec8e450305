import { publicApi } from './client';
import type { components } from './schema';

// docs/product.md#flows "Publisher": a phone number and a coupon make (or find) the account.
export function submitPublisher(phone: string, coupon: string) {
  const body: components['schemas']['Publisher'] = { phone: phone.trim(), coupon: coupon.trim() };
  return publicApi.POST('/v4/sevamedia/subscription', { body });
}
