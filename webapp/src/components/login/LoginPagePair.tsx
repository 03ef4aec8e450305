'use client';

import type { ReactNode } from 'react';
import { useIsTv } from '@/components/layout/PlatformContext';

/** The login page's layout: on a TV platform, the form beside the QR panel (decided in the browser). */
export default function LoginPagePair({ children, qr }: { children: ReactNode; qr: ReactNode }) {
  const isTv = useIsTv();
  return (
    <div className={isTv ? 'page-pair' : undefined}>
      {children}
      {isTv && qr}
    </div>
  );
}
