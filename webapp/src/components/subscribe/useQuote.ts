'use client';

import { useEffect, useState } from 'react';
import type { PlanSelection, PricedSelection } from '@/components/pricing/plans';
import { getQuote, type Quote } from '@/lib/api/billing';
import type { ErrorKey } from '@/lib/api/errors';
import type { AppliedCoupon } from './coupon';
import { chosenPlan } from './useCoupon';

export type QuoteState = { quote: Quote | null; errorKey: ErrorKey | null };

/** The order summary's figures from the API (issue 15), asked again whenever the plan, apps or coupon change. */
export function useQuote(
  selection: PlanSelection,
  priced: PricedSelection | null,
  coupon: AppliedCoupon | null,
  enabled: boolean,
): QuoteState {
  const [state, setState] = useState<QuoteState>({ quote: null, errorKey: null });
  const plan = priced ? chosenPlan(priced, selection) : null;
  const key = plan
    ? `${plan.planId} ${plan.product} ${plan.addOns.join(',')} ${coupon?.code ?? ''}`
    : '';

  useEffect(() => {
    if (!enabled || !plan) return setState({ quote: null, errorKey: null });
    let live = true;
    setState({ quote: null, errorKey: null });
    void getQuote(plan, coupon?.code ?? null).then((result) => {
      if (!live) return;
      setState(
        result.ok
          ? { quote: result.data, errorKey: null }
          : { quote: null, errorKey: result.errorKey },
      );
    });
    return () => {
      live = false;
    };
    // The key holds everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);

  return state;
}
