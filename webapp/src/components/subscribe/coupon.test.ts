import type { UserCoupon } from '@/lib/api/billing';
import { local } from '@/lib/session/storage';
import {
  CARRIER_COUPON,
  couponDuration,
  couponError,
  couponOutcome,
  discountMismatch,
  restoreCoupon,
  storeCoupon,
} from './coupon';

const yearlyAll = {
  period: 'P1Y' as const,
  apps: ['tv' as const, 'books' as const, 'games' as const],
};
const monthlyTv = { period: 'P1M' as const, apps: ['tv' as const] };
const yearlyTv = { period: 'P1Y' as const, apps: ['tv' as const] };

const coupon = (
  couponType: string,
  discountDetails: UserCoupon['discountDetails'] = null,
): UserCoupon => ({
  couponSerialNumber: 'CODE1',
  couponDurationCode: 'P3M',
  couponProduct: 'lumo',
  couponType,
  discountDetails,
});
const half = { discountPrice: '2.99', isBundleDiscount: false, planType: 'P1M' };
const bundle = { discountPrice: '39.90', isBundleDiscount: true, planType: 'P1Y' };

describe('coupon outcomes (docs/product.md#flows)', () => {
  it.each(['FREE_ACCESS_COUPON', 'UNIQUE_ACCESS_COUPON'])('%s gives access at once', (type) => {
    expect(couponOutcome(coupon(type), yearlyAll)).toEqual({ kind: 'access' });
  });

  it.each(['STANDARD_COUPON', 'UNIQUE_COUPON'])('%s sets an access promo', (type) => {
    expect(couponOutcome(coupon(type), monthlyTv)).toEqual({
      kind: 'applied',
      coupon: { kind: 'promo', code: 'CODE1', durationCode: 'P3M' },
    });
  });

  it.each(['DISCOUNT_COUPON', 'UNIQUE_DISCOUNT_COUPON'])(
    '%s applies a discount on the matching plan type',
    (type) => {
      expect(couponOutcome(coupon(type, half), monthlyTv)).toEqual({
        kind: 'applied',
        coupon: { kind: 'discount', code: 'CODE1', durationCode: 'P3M', details: half },
      });
    },
  );

  it('refuses a monthly discount on a yearly plan with monthly_only', () => {
    expect(couponOutcome(coupon('DISCOUNT_COUPON', half), yearlyTv)).toEqual({
      kind: 'rejected',
      errorKey: 'monthlyOnly',
    });
  });

  it('refuses a yearly discount on a monthly plan as a plan mismatch', () => {
    expect(
      couponOutcome(coupon('DISCOUNT_COUPON', bundle), { ...monthlyTv, apps: ['tv', 'books'] }),
    ).toEqual({ kind: 'rejected', errorKey: 'couponPlanMismatch' });
  });

  it('refuses a bundle discount on one app with only_two_products', () => {
    expect(couponOutcome(coupon('UNIQUE_DISCOUNT_COUPON', bundle), yearlyTv)).toEqual({
      kind: 'rejected',
      errorKey: 'onlyTwoProducts',
    });
    expect(couponOutcome(coupon('UNIQUE_DISCOUNT_COUPON', bundle), yearlyAll).kind).toBe('applied');
  });

  it('re-checks a discount when the plan changes', () => {
    expect(discountMismatch(half, monthlyTv)).toBeNull();
    expect(discountMismatch(half, yearlyTv)).toBe('monthlyOnly');
    expect(discountMismatch({ ...bundle, planType: null }, monthlyTv)).toBe('onlyTwoProducts');
  });
});

describe('coupon errors (docs/product.md#errors)', () => {
  const failure = (code: number, message: string, status = 400) => ({
    ok: false as const,
    status,
    code,
    errorKey: message as never,
    body: { code, message },
  });

  it.each([
    [4, 'lumo_tv'],
    [5, 'lumo_books'],
    [6, 'lumo_tv_books_games'],
  ])('code %s names the product %s', (code, productKey) => {
    expect(couponError(failure(code, 'couponProductMismatch'))).toEqual({
      errorKey: 'couponProductMismatch',
      productKey,
    });
  });

  it.each([
    'couponInvalid',
    'couponExpired',
    'couponRedeemed',
    'couponPlanMismatch',
    'monthlyOnly',
    'onlyTwoProducts',
  ])('shows %s as the API says', (key) => {
    expect(
      couponError(failure(key.startsWith('coupon') && key !== 'couponPlanMismatch' ? 3 : 7, key)),
    ).toEqual({ errorKey: key });
  });

  it('treats an unknown 400 as an invalid coupon and a network failure as generic', () => {
    expect(couponError(failure(3, 'somethingWentWrong'))).toEqual({ errorKey: 'couponInvalid' });
    expect(couponError({ ok: false, status: 0, errorKey: 'somethingWentWrong' })).toEqual({
      errorKey: 'somethingWentWrong',
    });
    expect(couponError(failure(0, 'rateLimited', 429))).toEqual({ errorKey: 'rateLimited' });
  });
});

describe('stored coupon', () => {
  beforeEach(() => window.localStorage.clear());

  it('restores a discount with its details', () => {
    storeCoupon({ kind: 'discount', code: 'HALF', durationCode: 'P3M', details: half }, 'lumo_tv');
    expect(window.localStorage.getItem('couponProduct')).toBe('lumo_tv');
    expect(restoreCoupon()).toEqual({
      kind: 'discount',
      code: 'HALF',
      durationCode: 'P3M',
      details: half,
    });
  });

  it('restores an access promo', () => {
    storeCoupon({ kind: 'promo', code: 'FREE2', durationCode: 'P2M' }, 'lumo_tv');
    expect(restoreCoupon()).toEqual({ kind: 'promo', code: 'FREE2', durationCode: 'P2M' });
    expect(window.localStorage.getItem('discountDetails')).toBeNull();
  });

  it('prefills the carrier coupon for the carrier campaign', () => {
    local.set('swissComeCampaign', 'true');
    expect(restoreCoupon()).toEqual(CARRIER_COUPON);
    expect(CARRIER_COUPON).toEqual({ kind: 'promo', code: 'YAJKM0', durationCode: 'P2M' });
  });

  it('has nothing to restore otherwise', () => {
    expect(restoreCoupon()).toBeNull();
  });

  it('reads coupon durations', () => {
    expect(couponDuration('P2M')).toEqual({ count: 2, unit: 'month' });
    expect(couponDuration('P14D')).toEqual({ count: 14, unit: 'day' });
    expect(couponDuration('2 months')).toBeNull();
  });
});

describe('the line each coupon type gets', () => {
  const { couponLine } = jest.requireActual('./coupon') as typeof import('./coupon');
  it('free months: free time first', () => {
    expect(couponLine({ kind: 'promo', code: 'LUMO-HOLIDAY', durationCode: 'P1M' })).toEqual({
      key: 'promo',
      count: 1,
      unit: 'month',
    });
    expect(couponLine({ kind: 'promo', code: 'LUMO-STORIES', durationCode: 'P14D' })).toEqual({
      key: 'promo',
      count: 14,
      unit: 'day',
    });
  });
  it('a reduced price for N months is charged, never "nothing is charged"', () => {
    expect(
      couponLine({
        kind: 'discount',
        code: 'LUMO-HALF',
        durationCode: 'P3M',
        details: { discountPrice: '2.99', isBundleDiscount: false, planType: 'P1M' },
      }),
    ).toEqual({ key: 'discount', count: 3, unit: 'month', price: '2.99', period: 'P1M' });
  });
  it('a bundle discount says it is for two apps or more', () => {
    expect(
      couponLine({
        kind: 'discount',
        code: 'LUMO-BUNDLE-0005',
        durationCode: 'P12M',
        details: { discountPrice: '39.90', isBundleDiscount: true, planType: 'P1Y' },
      }),
    ).toEqual({ key: 'bundle', count: 12, unit: 'month', price: '39.90', period: 'P1Y' });
  });
});
