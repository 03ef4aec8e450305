'use client';

import { useEffect, useState } from 'react';
import type { PlanSelection, PricedSelection } from '@/components/pricing/plans';
import { getQuote, type Quote } from '@/lib/api/billing';
import type { ErrorKey } from '@/lib/api/errors';
import type { AppliedCoupon } from './coupon';
import { chosenPlan } from './useCoupon';

export type QuoteState = { quote: Quote | null; errorKey: ErrorKey | null };
const EMPTY: QuoteState = { quote: null, errorKey: null };

/** The order summary's figures from the API, asked again whenever the plan, apps or coupon change. */
export function useQuote(
  selection: PlanSelection,
  priced: PricedSelection | null,
  coupon: AppliedCoupon | null,
  enabled: boolean,
): QuoteState {
  const plan = priced ? chosenPlan(priced, selection) : null;
  const key = plan
    ? `${plan.planId} ${plan.product} ${plan.addOns.join(',')} ${coupon?.code ?? ''}`
    : '';
  // The answer is kept with the request it answers: a stale one is never shown, and nothing is reset
  // from the effect itself.
  const [answer, setAnswer] = useState<QuoteState & { key: string | null }>({
    key: null,
    ...EMPTY,
  });

  useEffect(() => {
    if (!enabled || !plan) return;
    let live = true;
    void getQuote(plan, coupon?.code ?? null).then((result) => {
      if (!live) return;
      setAnswer(
        result.ok
          ? { key, quote: result.data, errorKey: null }
          : { key, quote: null, errorKey: result.errorKey },
      );
    });
    return () => {
      live = false;
    };
    // The key holds everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);

  if (!enabled || !plan || answer.key !== key) return EMPTY;
  return answer;
}
