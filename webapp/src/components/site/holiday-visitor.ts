import type { HolidayVisitor } from '@/lib/site/holiday';
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
