'use client';

import { useEffect, useState } from 'react';
import { getQuote, type ChosenPlan, type Quote } from '@/lib/api/billing';

/** The quote of one plan (the older add-subscription flow): what the pay button will charge, and when. */
export function usePlanQuote(
  plan: ChosenPlan | null,
  coupon: string | null,
  enabled: boolean,
): Quote | null {
  const key = plan && enabled ? `${plan.planId} ${plan.product} ${coupon ?? ''}` : '';
  const [answer, setAnswer] = useState<{ key: string; quote: Quote } | null>(null);
  useEffect(() => {
    if (!key || !plan) return;
    let live = true;
    void getQuote(plan, coupon).then((result) => {
      if (live && result.ok) setAnswer({ key, quote: result.data });
    });
    return () => {
      live = false;
    };
    // The key holds everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer?.key === key ? answer.quote : null;
}
