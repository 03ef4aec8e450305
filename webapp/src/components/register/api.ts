import { apiRequest } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { storedUtm } from '@/lib/analytics';
import { countryCode } from '@/lib/country';
import { hashPassword } from '@/lib/password';
import { clearCoupon, local } from '@/lib/session/storage';

export type Registration = components['schemas']['Registration'];
export type RegisterInput = {
  email: string;
  password: string; // clear text: hashed here
  coupon: string;
  isPromoAccepted: boolean;
  language: string;
  partner: string | null;
};

/** POST /v5/accounts with the register payload of docs/product.md#entities. */
export async function registerAccount(input: RegisterInput) {
  return apiRequest<Registration>('/v5/accounts', {
    method: 'POST',
    auth: false,
    body: {
      email: input.email.trim(),
      password: await hashPassword(input.password),
      displayName: '',
      coupon: input.coupon.trim() || null,
      isPromoAccepted: input.isPromoAccepted,
      isTcAccepted: true,
      env: 'web',
      countryCode: await countryCode(),
      language: input.language,
      utm: storedUtm(),
      externalPartner: input.partner,
    },
  });
}

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
