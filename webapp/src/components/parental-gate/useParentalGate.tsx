'use client';

import { useCallback, useState } from 'react';
import ParentalGate from './ParentalGate';

/** `guard(action)` runs the action once a grown-up passed the gate; render `gate` somewhere on the page. */
export function useParentalGate() {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guard = useCallback((action: () => void) => setPending(() => action), []);
  const gate = pending ? (
    <ParentalGate
      onClose={() => setPending(null)}
      onPass={() => {
        setPending(null);
        pending();
      }}
    />
  ) : null;
  return { guard, gate };
}
