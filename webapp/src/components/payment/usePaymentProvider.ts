'use client';

import { useCallback, useEffect, useState } from 'react';
import { generateClientToken } from '@/lib/api/billing';
import type { ErrorKey } from '@/lib/api/errors';
import { createPaymentProvider, type PaymentProvider } from './provider';

export type ProviderState =
  | { status: 'loading' }
  | { status: 'ready'; provider: PaymentProvider }
  | { status: 'failed'; errorKey: ErrorKey };

/**
 * A client token from the API for the plans' currency, then the matching provider; torn down when the page
 * goes. `currency` null: not known yet (the plans are loading), so nothing is asked.
 */
export function usePaymentProvider(currency: string | null): ProviderState & { retry(): void } {
  const [state, setState] = useState<ProviderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let provider: PaymentProvider | null = null;
    setState({ status: 'loading' });
    if (!currency) return;
    (async () => {
      const token = await generateClientToken(currency);
      if (!token.ok || !token.data?.clientToken) {
        // docs/product.md#errors: token generation code 1 has its own message.
        if (live)
          setState({ status: 'failed', errorKey: token.ok ? 'tokenGeneration' : token.errorKey });
        return;
      }
      try {
        provider = await createPaymentProvider(token.data.clientToken);
      } catch {
        if (live) setState({ status: 'failed', errorKey: 'tokenGeneration' });
        return;
      }
      if (live) setState({ status: 'ready', provider });
      else void provider.teardown();
    })();
    return () => {
      live = false;
      void provider?.teardown();
    };
  }, [attempt, currency]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
