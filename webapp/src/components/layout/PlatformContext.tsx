'use client';

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { isTvPlatform } from '@/lib/platform';

// Whether the page runs on a TV platform (lib/platform.ts). Read in the browser, so the public
// pages are the same HTML for every visitor and can be prerendered and cached; the server's HTML is the
// one for phones and computers, and a TV switches once hydrated.
const PlatformContext = createContext(false);

const subscribe = () => () => {};
const onServer = () => false;

/** `isTv` fixes the answer (tests); without it the browser's user agent decides. */
export function PlatformProvider({ isTv, children }: { isTv?: boolean; children: ReactNode }) {
  const detected = useSyncExternalStore(subscribe, isTvPlatform, onServer);
  return <PlatformContext.Provider value={isTv ?? detected}>{children}</PlatformContext.Provider>;
}

export function useIsTv(): boolean {
  return useContext(PlatformContext);
}

/** Its children everywhere but on TV platforms (docs/product.md#roles: no footer there). */
export function NotOnTv({ children }: { children: ReactNode }) {
  return useIsTv() ? null : children;
}
