import type { PlanSelection } from '@/components/pricing/plans';
import type { ApiFailure } from '@/lib/api/client';
import type { DiscountDetails, UserCoupon } from '@/lib/api/billing';
import type { ErrorKey } from '@/lib/api/errors';
import { clearCoupon, local } from '@/lib/session/storage';

// docs/product.md#flows "Coupon check success (201)" and docs/product.md#errors "Coupon check".

const ACCESS_TYPES = new Set(['FREE_ACCESS_COUPON', 'UNIQUE_ACCESS_COUPON']);
const DISCOUNT_TYPES = new Set(['DISCOUNT_COUPON', 'UNIQUE_DISCOUNT_COUPON']);

/** Every type but the discounts gives free time (access coupons at once, the others before the first charge). */
export function givesFreeTime(couponType: string | undefined): boolean {
  return !DISCOUNT_TYPES.has(couponType ?? '');
}

/** A coupon the parent keeps while paying: free months first (promo) or a lower price (discount). */
export type AppliedCoupon =
  | { kind: 'promo'; code: string; durationCode: string }
  | { kind: 'discount'; code: string; durationCode: string; details: DiscountDetails };

export type CouponOutcome =
  | { kind: 'access' } // free access at once: the stored coupon is cleared, the parent goes to /products
  | { kind: 'rejected'; errorKey: ErrorKey } // the coupon is removed
  | { kind: 'applied'; coupon: AppliedCoupon };

export function couponOutcome(coupon: UserCoupon, selection: PlanSelection): CouponOutcome {
  const code = coupon.couponSerialNumber;
  if (ACCESS_TYPES.has(coupon.couponType)) return { kind: 'access' };
  const details = coupon.discountDetails;
  if (DISCOUNT_TYPES.has(coupon.couponType) && details) {
    const mismatch = discountMismatch(details, selection);
    if (mismatch) return { kind: 'rejected', errorKey: mismatch };
    return {
      kind: 'applied',
      coupon: { kind: 'discount', code, durationCode: coupon.couponDurationCode, details },
    };
  }
  // Standard and unique coupons: an access promo (free time before the first charge).
  return {
    kind: 'applied',
    coupon: { kind: 'promo', code, durationCode: coupon.couponDurationCode },
  };
}

/** A discount needs the plan type it was made for and, for a bundle discount, two apps or more. */
export function discountMismatch(
  details: DiscountDetails,
  selection: PlanSelection,
): ErrorKey | null {
  if (details.planType && details.planType !== selection.period) {
    return details.planType === 'P1M' ? 'monthlyOnly' : 'couponPlanMismatch';
  }
  return details.isBundleDiscount && selection.apps.length < 2 ? 'onlyTwoProducts' : null;
}

/** Codes 4, 5 and 6 name the product the coupon is for (TV, Stories or all apps). */
const MISMATCH_PRODUCTS: Record<number, string> = {
  4: 'lumo_tv',
  5: 'lumo_books',
  6: 'lumo_tv_books_games',
};

export type CouponError = { errorKey: ErrorKey; productKey?: string };

export function couponError(failure: ApiFailure): CouponError {
  const productKey =
    failure.status === 400 && failure.code !== undefined
      ? MISMATCH_PRODUCTS[failure.code]
      : undefined;
  if (productKey) return { errorKey: 'couponProductMismatch', productKey };
  return {
    errorKey:
      failure.errorKey === 'somethingWentWrong' && failure.status === 400
        ? 'couponInvalid'
        : failure.errorKey,
  };
}

/** "P2M" -> {count: 2, unit: 'month'}; "P14D" -> {count: 14, unit: 'day'}. */
export function couponDuration(code: string): { count: number; unit: 'month' | 'day' } | null {
  const match = /^P(\d+)([MD])$/.exec(code);
  return match ? { count: Number(match[1]), unit: match[2] === 'M' ? 'month' : 'day' } : null;
}

/** The carrier campaign (docs/product.md#flows) prefills its coupon with two free months. */
export const CARRIER_COUPON: AppliedCoupon = { kind: 'promo', code: 'YAJKM0', durationCode: 'P2M' };

export function storeCoupon(coupon: AppliedCoupon, product: string): void {
  local.set('coupon', coupon.code);
  local.set('couponDurationCode', coupon.durationCode);
  local.set('couponProduct', product);
  if (coupon.kind === 'discount') local.setJson('discountDetails', coupon.details);
  else local.remove('discountDetails');
}

/** docs/product.md#flows: a stored coupon restores the discount or access promo state. */
export function restoreCoupon(): AppliedCoupon | null {
  const code = local.get('coupon');
  if (!code) return local.get('swissComeCampaign') ? CARRIER_COUPON : null;
  const durationCode = local.get('couponDurationCode') ?? '';
  const details = local.getJson<DiscountDetails>('discountDetails');
  return details
    ? { kind: 'discount', code, durationCode, details }
    : { kind: 'promo', code, durationCode };
}

export { clearCoupon };

/**
 * The line under the coupon field says what this coupon really does — free time before the first
 * charge (promo), a reduced price that is charged (discount), or a bundle price for two apps or more — never
 * "nothing is charged" for a coupon that lowers the price.
 */
export type CouponLine =
  | { key: 'promo'; count: number; unit: 'month' | 'day' }
  | {
      key: 'discount' | 'bundle';
      count: number;
      unit: 'month' | 'day';
      price: string | null;
      period: string;
    };

export function couponLine(coupon: AppliedCoupon): CouponLine {
  const duration = couponDuration(coupon.durationCode) ?? { count: 1, unit: 'month' as const };
  if (coupon.kind === 'promo') return { key: 'promo', ...duration };
  return {
    key: coupon.details.isBundleDiscount ? 'bundle' : 'discount',
    ...duration,
    price: coupon.details.discountPrice,
    period: coupon.details.planType ?? 'P1M',
  };
}
