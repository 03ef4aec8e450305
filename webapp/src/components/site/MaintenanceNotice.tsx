'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { MAINTENANCE_EVENT } from '@/lib/api/maintenance';

// The popup, its modal and its styles are fetched on the first maintenance answer only: pages
// that never meet one (nearly all of them) do not download or hydrate them.
const MaintenancePopup = lazy(() => import('./MaintenancePopup'));

/** Listens for the API client's maintenance announcement and then opens the popup (which listens from then on). */
export default function MaintenanceNotice() {
  const [announced, setAnnounced] = useState(false);

  useEffect(() => {
    if (announced) return undefined;
    const show = () => setAnnounced(true);
    window.addEventListener(MAINTENANCE_EVENT, show);
    return () => window.removeEventListener(MAINTENANCE_EVENT, show);
  }, [announced]);

  return announced ? (
    <Suspense>
      <MaintenancePopup initiallyOpen />
    </Suspense>
  ) : null;
}
