'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { TERMS_UPDATE_EVENT, type TermsUpdateDetail } from '@/lib/api/terms';

// The prompt and its styles are fetched on the first "termsUpdate" answer only (see MaintenanceNotice).
const TermsUpdatePrompt = lazy(() => import('./TermsUpdatePrompt'));

/** Listens for the API client's terms-update announcement and then opens the prompt (which listens from then on). */
export default function TermsUpdateNotice() {
  const [version, setVersion] = useState<string | null>(null);

  useEffect(() => {
    if (version !== null) return undefined;
    const open = (event: Event) =>
      setVersion((event as CustomEvent<TermsUpdateDetail>).detail?.version ?? '');
    window.addEventListener(TERMS_UPDATE_EVENT, open);
    return () => window.removeEventListener(TERMS_UPDATE_EVENT, open);
  }, [version]);

  return version !== null ? (
    <Suspense>
      <TermsUpdatePrompt initialVersion={version} />
    </Suspense>
  ) : null;
}
