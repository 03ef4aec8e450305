'use client';

import { useCallback, useEffect, useState } from 'react';
import { generateClientToken } from '@/lib/api/billing';
import type { ErrorKey } from '@/lib/api/errors';
import { createPaymentProvider, type PaymentProvider } from './provider';

export type ProviderState =
  | { status: 'loading' }
  | { status: 'ready'; provider: PaymentProvider }
  | { status: 'failed'; errorKey: ErrorKey };

const LOADING: ProviderState = { status: 'loading' };

/**
 * A client token from the API for the plans' currency, then the matching provider; torn down when the page
 * goes. `currency` null: not known yet (the plans are loading), so nothing is asked.
 */
export function usePaymentProvider(currency: string | null): ProviderState & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  // The answer for one currency and attempt: another one is loading until its own answer comes
  // (derived during render, not reset in the effect).
  const key = `${currency ?? ''}:${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; state: ProviderState } | null>(null);

  useEffect(() => {
    let live = true;
    let provider: PaymentProvider | null = null;
    if (!currency) return;
    const settle = (state: ProviderState) => setAnswer({ key, state });
    (async () => {
      const token = await generateClientToken(currency);
      if (!token.ok || !token.data?.clientToken) {
        // docs/product.md#errors: token generation code 1 has its own message.
        if (live)
          settle({ status: 'failed', errorKey: token.ok ? 'tokenGeneration' : token.errorKey });
        return;
      }
      try {
        provider = await createPaymentProvider(token.data.clientToken);
      } catch {
        if (live) settle({ status: 'failed', errorKey: 'tokenGeneration' });
        return;
      }
      if (live) settle({ status: 'ready', provider });
      else void provider.teardown();
    })();
    return () => {
      live = false;
      void provider?.teardown();
    };
  }, [currency, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: ProviderState = answer?.key === key ? answer.state : LOADING;
  return { ...state, retry };
}
