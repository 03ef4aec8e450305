'use client';

import { useSyncExternalStore } from 'react';
import { getToken } from '@/lib/session/storage';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** True when a bearer token is stored; false during server rendering. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getToken() !== null,
    () => false,
  );
}
