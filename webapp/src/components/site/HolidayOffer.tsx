'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { useIsTv } from '@/components/layout/PlatformContext';
import { usePathname } from '@/i18n/navigation';
import { shouldOfferHoliday } from '@/lib/site/holiday';
import type { HolidayPromo } from '@/lib/site/status';
import { holidayVisitor } from './holiday-visitor';

// The modal, its artwork and its styles are fetched only for a visitor it is offered to.
const HolidayModal = lazy(() => import('./HolidayModal'));

/** Loads the holiday modal once this browser is one to offer it to (the modal decides from then on). */
export default function HolidayOffer({ promo }: { promo: HolidayPromo }) {
  const pathname = usePathname();
  const isTv = useIsTv();
  const [offered, setOffered] = useState(false);

  useEffect(() => {
    if (offered) return;
    setOffered(shouldOfferHoliday(promo, holidayVisitor(pathname, isTv)));
  }, [offered, promo, pathname, isTv]);

  return offered ? (
    <Suspense>
      <HolidayModal promo={promo} />
    </Suspense>
  ) : null;
}
