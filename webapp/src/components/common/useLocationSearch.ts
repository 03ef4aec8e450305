'use client';

import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;
const searchSnapshot = () => window.location.search;

/**
 * The address's query, read during render: null on the server and while hydrating (issue 20: the
 * pages are prerendered, the query is the browser's), then the browser's, read again at each render.
 */
export function useLocationSearch(): string | null {
  return useSyncExternalStore(unchanging, searchSnapshot, () => null);
}
