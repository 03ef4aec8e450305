import type { Registration } from '@/lib/api/accounts';
import { clearCoupon, local } from '@/lib/session/storage';

const ACCESS_COUPON_TYPES = ['FREE_ACCESS_COUPON', 'UNIQUE_ACCESS_COUPON'];

/** docs/product.md#flows "Register submit": a free campaign goes to the hub, anything else to subscribe. */
export function isFreeCampaign(registration: Registration): boolean {
  return (
    registration.freeCampaign ||
    registration.hasSubscription ||
    ACCESS_COUPON_TYPES.includes(registration.userCoupon?.couponType ?? '')
  );
}

/** Stores (or clears) the coupon for the subscribe page and returns where to go. */
export function afterRegistration(
  registration: Registration,
  typedCoupon: string,
): '/products' | '/subscribe' {
  if (isFreeCampaign(registration)) {
    clearCoupon();
    return '/products';
  }
  const coupon = registration.userCoupon;
  if (coupon) {
    local.set('coupon', coupon.couponSerialNumber);
    local.set('couponDurationCode', coupon.couponDurationCode);
    local.set('couponProduct', coupon.couponProduct);
    if (coupon.discountDetails) local.setJson('discountDetails', coupon.discountDetails);
  } else if (typedCoupon.trim()) {
    local.set('coupon', typedCoupon.trim());
  }
  return '/subscribe';
}
