'use client';

import { useLocale } from 'next-intl';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIsTv } from '@/components/layout/PlatformContext';
import { getPathname, usePathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { parseSiteStatus, type HolidayPromo } from '@/lib/site/status';
import { useHolidayOffered } from './holiday-visitor';

// The modal, its artwork and its styles are fetched only for a visitor it is offered to.
const HolidayModal = lazy(() => import('./HolidayModal'));

/**
 * The promo of GET /v4/site, as the web server has it (app/[locale]/site-status); null when off or unknown.
 * Asked at the reader's own locale's path (`/ar/site-status`; English's has no prefix): the bare
 * `/site-status` is answered with a redirect to it for every other language, a round trip more.
 */
export async function fetchHolidayPromo(locale: Locale): Promise<HolidayPromo | null> {
  try {
    const response = await fetch(getPathname({ href: '/site-status', locale }), {
      headers: { Accept: 'application/json' },
    });
    const status = response.ok ? parseSiteStatus(await response.json()) : null;
    return status?.holidayPromo.active ? status.holidayPromo : null;
  } catch {
    return null;
  }
}

/**
 * Loads the holiday modal once this browser is one to offer it to (the modal decides from then on).
 * Without a `promo`, the browser asks for it (never on a TV platform), so the pages' HTML is the
 * same whatever the promo and can be prerendered.
 */
export default function HolidayOffer({ promo: given }: { promo?: HolidayPromo }) {
  const pathname = usePathname();
  const locale = useLocale() as Locale;
  const isTv = useIsTv();
  const [offered, setOffered] = useState(false);
  const [fetched, setFetched] = useState<HolidayPromo | null>(null);
  const promo = given ?? fetched;

  useEffect(() => {
    if (given || isTv) return;
    let live = true;
    void fetchHolidayPromo(locale).then((answer) => live && setFetched(answer));
    return () => {
      live = false;
    };
  }, [given, isTv, locale]);

  // Once offered, the modal stays loaded (it decides from then on).
  const offerNow = useHolidayOffered(promo, pathname, isTv);
  if (offerNow && !offered) setOffered(true);

  return offered && promo ? (
    <Suspense>
      <HolidayModal promo={promo} />
    </Suspense>
  ) : null;
}
