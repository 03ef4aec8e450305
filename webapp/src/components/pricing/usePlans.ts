'use client';

import { useCallback, useEffect, useState } from 'react';
import { fetchPlans, type PlansResponse } from '@/lib/api/plans';

export type PlansState = {
  plans: PlansResponse | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
};

/** GET /v5/plans for the visitor's country (prices in EUR, CHF or USD). */
export function usePlans(showAll = false): PlansState {
  const [attempt, setAttempt] = useState(0);
  // The last answer, tagged with the request it answers: a retry or another showAll starts afresh
  // without a state reset in the effect (plans already shown stay until new ones come).
  const [answer, setAnswer] = useState<{
    tag: string;
    plans: PlansResponse | null;
    failed: boolean;
  }>({ tag: '', plans: null, failed: false });
  const tag = `${attempt} ${showAll}`;

  useEffect(() => {
    let cancelled = false;
    fetchPlans(showAll).then((result) => {
      if (cancelled) return;
      setAnswer((last) =>
        result.ok
          ? { tag, plans: result.data, failed: false }
          : { tag, plans: last.plans, failed: true },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [tag, showAll]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const failed = answer.failed && answer.tag === tag;
  return { plans: answer.plans, loading: !answer.plans && !failed, failed, retry };
}
