'use client';

import { useSyncExternalStore } from 'react';
import { signedInStaff, STAFF_KEY, type Staff } from '@/lib/api/ops';

// The signed-in staff member, read from this tab's sessionStorage during render (no effect and no
// second render to copy it into state). undefined until the browser is known (the server's render
// and hydration), then the member or null (signed out).

let lastRaw: string | null | undefined;
let lastStaff: Staff | null = null;

/** The same object while the stored value is the same (useSyncExternalStore compares snapshots). */
function snapshot(): Staff | null {
  const raw = window.sessionStorage.getItem(STAFF_KEY);
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastStaff = signedInStaff();
  }
  return lastStaff;
}

function subscribe(changed: () => void): () => void {
  window.addEventListener('storage', changed);
  return () => window.removeEventListener('storage', changed);
}

export function useSignedInStaff(): Staff | null | undefined {
  return useSyncExternalStore<Staff | null | undefined>(subscribe, snapshot, () => undefined);
}
