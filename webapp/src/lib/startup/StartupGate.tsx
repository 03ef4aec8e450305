'use client';

import type { ReactNode } from 'react';
import { useStartup } from './use-startup';

/**
 * The guarded part of a page headed by the server (routes.ts, isHeadedByServer): the start-up check's
 * spinner or failure until it passes, then the page. Rendered from the start, it also hands the start-up
 * the calls the page carries (use-startup.ts), before the check asks for them.
 */
export default function StartupGate({ children }: { children: ReactNode }) {
  const { gate } = useStartup();
  return gate ?? children;
}
