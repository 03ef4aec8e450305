import type { HolidayPromo } from './status';

// Holiday modal offering 1 month free: who sees it, where, and until when.
// Pathnames are the site's, without the locale prefix (as usePathname of i18n/navigation gives them).

/**
 * The pages a prospective parent meets before having an account: the landing, plain registration and
 * the promo page without a code. Not: login (returning parents), a registration for a partner or with
 * an e-mail already typed on the landing, a promo code already in hand, payment and account pages.
 */
export function isHolidayPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/homePage' || path === '/register' || path === '/promo';
}

/** The promo window's own id: a new window (other dates) shows the modal again. */
export function holidayWindowId(promo: Pick<HolidayPromo, 'from' | 'to'>): string {
  return `${promo.from}/${promo.to}`;
}

/** Where the call to action goes: the promo flow, the coupon filled in and locked (docs/product.md#flows "Promo link"). */
export function holidayPromoHref(couponCode: string): string {
  return `/promo/${encodeURIComponent(couponCode)}`;
}

export type HolidayVisitor = {
  pathname: string;
  isTv: boolean;
  loggedIn: boolean;
  /** Subscriptions or a coupon this browser already holds (local storage). */
  hasSubscriptions: boolean;
  hasCoupon: boolean;
  /** The window id stored when the modal was last closed. */
  dismissedWindow: string | null;
};

export function shouldOfferHoliday(promo: HolidayPromo | null, visitor: HolidayVisitor): boolean {
  if (!promo?.active || !promo.couponCode) return false;
  if (visitor.isTv || visitor.loggedIn || visitor.hasSubscriptions || visitor.hasCoupon)
    return false;
  if (visitor.dismissedWindow === holidayWindowId(promo)) return false;
  return isHolidayPage(visitor.pathname);
}
