'use client';

import { useEffect } from 'react';

/**
 * Loads once on mount (again when `fetch` changes) and hands the answer to `show`, unless the
 * component is gone or asked again by then: the state is set when the answer arrives, never
 * synchronously in the effect (react-hooks/set-state-in-effect), and a late answer is dropped.
 * `fetch` and `show` should be stable (module functions or useCallback).
 */
export function useLoaded<T>(fetch: () => Promise<T>, show: (answer: T) => void): void {
  useEffect(() => {
    let live = true;
    void fetch().then((answer) => {
      if (live) show(answer);
    });
    return () => {
      live = false;
    };
  }, [fetch, show]);
}
