'use client';

import { createContext, useContext, type ReactNode } from 'react';

// Whether the request came from a TV platform, decided once on the server
// from the user agent (see lib/platform.ts) so the first HTML is already right.
const PlatformContext = createContext(false);

export function PlatformProvider({ isTv, children }: { isTv: boolean; children: ReactNode }) {
  return <PlatformContext.Provider value={isTv}>{children}</PlatformContext.Provider>;
}

export function useIsTv(): boolean {
  return useContext(PlatformContext);
}
