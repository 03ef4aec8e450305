'use client';

import { useCallback, useEffect, useState } from 'react';
import type { PlanSelection, PricedSelection } from '@/components/pricing/plans';
import { redeemCoupon, validateCoupon, type ChosenPlan } from '@/lib/api/billing';
import { clearCoupon, local } from '@/lib/session/storage';
import {
  couponError,
  couponOutcome,
  discountMismatch,
  restoreCoupon,
  storeCoupon,
  type AppliedCoupon,
  type CouponError,
} from './coupon';

export type CouponState = {
  applied: AppliedCoupon | null;
  error: CouponError | null;
  checking: boolean;
  apply(code: string): Promise<void>;
  remove(): void;
  dismissError(): void;
};

/** What the API is asked to sell: the first app's plan plus the other apps as product codes. */
export function chosenPlan(priced: PricedSelection, selection: PlanSelection): ChosenPlan {
  return {
    planId: priced.planId,
    product: priced.product,
    addOns: selection.apps.slice(1).map((app) => `lumo_${app}`),
  };
}

/** The coupon field of the payment pages (docs/product.md#flows coupon outcomes, docs/product.md#errors coupon errors). */
export function useCoupon(
  selection: PlanSelection,
  priced: PricedSelection | null,
  onAccess: () => Promise<void>,
): CouponState {
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [error, setError] = useState<CouponError | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => setApplied(restoreCoupon()), []);

  const remove = useCallback(() => {
    clearCoupon();
    local.remove('swissComeCampaign');
    setApplied(null);
  }, []);

  // A discount that no longer fits the plan just chosen is removed, with its reason.
  useEffect(() => {
    if (applied?.kind !== 'discount') return;
    const mismatch = discountMismatch(applied.details, selection);
    if (mismatch) {
      remove();
      setError({ errorKey: mismatch });
    }
  }, [applied, selection, remove]);

  async function apply(raw: string) {
    const code = raw.trim().toUpperCase();
    if (!code) return setError({ errorKey: 'fillField' });
    if (!priced) return setError({ errorKey: 'selectPlan' });
    setChecking(true);
    setError(null);
    try {
      const result = await validateCoupon(code, {
        product: priced.product,
        planType: selection.period,
      });
      if (!result.ok) {
        remove();
        return setError(couponError(result));
      }
      const outcome = couponOutcome(result.data, selection);
      if (outcome.kind === 'rejected') {
        remove();
        return setError({ errorKey: outcome.errorKey });
      }
      if (outcome.kind === 'applied') {
        storeCoupon(outcome.coupon, priced.product);
        return setApplied(outcome.coupon);
      }
      const redeemed = await redeemCoupon(code);
      if (!redeemed.ok) return setError(couponError(redeemed));
      remove();
      await onAccess();
    } finally {
      setChecking(false);
    }
  }

  return { applied, error, checking, apply, remove, dismissError: () => setError(null) };
}
