import { useSyncExternalStore } from 'react';
import { shouldOfferHoliday, type HolidayVisitor } from '@/lib/site/holiday';
import type { HolidayPromo } from '@/lib/site/status';
import { getToken, local } from '@/lib/session/storage';

/** This browser as the holiday offer sees it; reads its storage, so only after hydration. */
export function holidayVisitor(pathname: string, isTv: boolean): HolidayVisitor {
  return {
    pathname,
    isTv,
    loggedIn: getToken() !== null,
    hasSubscriptions: !!local.get('subscriptions'),
    hasCoupon: !!local.get('coupon'),
    dismissedWindow: local.get('holidayModal'),
  };
}

const unchanging = () => () => undefined;

/**
 * Whether to offer the holiday modal to this browser, read during render (no effect copying it into
 * state): false on the server and while hydrating (they cannot see the storage), then this browser's
 * answer, asked again at each render (a dismissal stored meanwhile is seen by the next one).
 */
export function useHolidayOffered(
  promo: HolidayPromo | null,
  pathname: string,
  isTv: boolean,
): boolean {
  return useSyncExternalStore(
    unchanging,
    () => shouldOfferHoliday(promo, holidayVisitor(pathname, isTv)),
    () => false,
  );
}
