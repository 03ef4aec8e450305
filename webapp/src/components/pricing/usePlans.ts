'use client';

import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api/client';
import { countryCode } from '@/lib/country';
import type { PlansResponse } from './plans';

export type PlansState = {
  plans: PlansResponse | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
};

/** GET /v5/plans for the visitor's country (prices in EUR, CHF or USD). */
export function usePlans(showAll = false): PlansState {
  const [plans, setPlans] = useState<PlansResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    countryCode()
      .then((cc) =>
        apiRequest<PlansResponse>(
          `/v5/plans?countryCode=${encodeURIComponent(cc)}${showAll ? '&showAll=true' : ''}`,
        ),
      )
      .then((result) => {
        if (cancelled) return;
        if (result.ok) setPlans(result.data);
        else setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [attempt, showAll]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { plans, loading: !plans && !failed, failed, retry };
}
