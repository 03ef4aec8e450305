// Which routes the start-up logic (docs/product.md#flows) lets each kind of visitor see.
// Routes are compared by their first path segment, without the locale prefix.

/** docs/product.md#screens "Public routes", plus the pages opened from e-mailed links. */
const PUBLIC = new Set([
  'homePage',
  'login',
  'register',
  'forgotten-password',
  'swisscom',
  'coupon',
  'intermarche',
  'ACEF',
  'promo',
  'test',
  'reset-password',
  'confirm-email',
  'logout',
  'contact',
  'faq',
  'about',
  'learning',
  'lumo-tv',
  'lumo-stories',
  'lumo-games',
  'cancel-contract', // docs/consumer-law.md#cancellation-page: no login, ever
  'withdraw', // the withdrawal function, no login (docs/consumer-law-withdrawal.md)
  'payment-method', // by the e-mail's link without a login, or the session (docs/billing.md#fixing-a-failed-payment)
]);

/** Public pages that never send a logged-in visitor elsewhere: they act on a link or log out. */
const NEVER_REDIRECTED = new Set([
  'logout',
  'reset-password',
  'confirm-email',
  'cancel-contract', // a signed-in parent finds it pre-filled, never sent elsewhere
  'withdraw',
  'payment-method', // a past-due parent has no access left, yet must reach it
]);

/**
 * Where a premium parent may stay. docs/product.md#flows names products, subscribe and changePlan
 * besides the profile; the profile's own sub-pages (opened from it, and reloaded in
 * place) stay too, or a reload there would lose the parent's place.
 */
const PREMIUM_STAYS = new Set([
  '',
  'products',
  'subscribe',
  'changePlan',
  'resubscribe',
  'changeSubscriptionPlan',
  'change-password',
  'unsubscribe',
  'add-subscription',
  'link', // TV linking, open to every logged-in parent
  'children', // Child profiles and parental settings (behind the age gate)
  'billing', // the billing history and its receipts (docs/billing.md#receipts-and-credit-notes)
]);

/** Where a parent without a live subscription may stay: the ways to (re)subscribe. */
const NON_PREMIUM_STAYS = new Set([
  'billing', // what was paid stays readable after the subscription ends
  'subscribe',
  'resubscribe',
  'add-subscription',
  'change-password',
  'link',
]);

/** Pages that take a payment: TV platforms cannot pay on the site (docs/product.md#roles). */
const PAYMENT = new Set([
  'subscribe',
  'resubscribe',
  'changePlan',
  'changeSubscriptionPlan',
  'add-subscription',
]);

export type RouteKind = 'public' | 'neverRedirected' | 'guarded';

export function firstSegment(pathname: string): string {
  return pathname.split('?')[0].split('/').filter(Boolean)[0] ?? '';
}

export function routeKind(pathname: string): RouteKind {
  const segment = firstSegment(pathname);
  if (NEVER_REDIRECTED.has(segment)) return 'neverRedirected';
  return PUBLIC.has(segment) ? 'public' : 'guarded';
}

export const staysWhenPremium = (pathname: string) => PREMIUM_STAYS.has(firstSegment(pathname));
export const staysWhenNotPremium = (pathname: string) =>
  NON_PREMIUM_STAYS.has(firstSegment(pathname));
/**
 * The site's pages that need a logged-in parent (every page some parent may stay on). The proxy
 * sends a visitor without the "signed in" hint (lib/session/signed-in-hint.ts) from these to the login
 * before they render.
 */
export const PRIVATE_SEGMENTS: readonly string[] = [
  ...new Set([...PREMIUM_STAYS, ...NON_PREMIUM_STAYS]),
];

/** A redirect key comes as ?key= on any page, or as the last segment of /changePlan/{key}
 * (docs/product.md#flows): read by redirectKeyOf (run.ts) and the layout's early start-up call. */
export const REDIRECT_KEY_PARAM = 'key';
export const REDIRECT_KEY_SEGMENT = 'changePlan';

/**
 * Guarded pages whose heading is rendered on the server, with the HTML, and which guard the rest
 * themselves with <StartupGate> (StartupGate.tsx): the heading's text is the page's largest, so it is
 * painted at once instead of after the scripts and the start-up check (docs/web-speed.md#signed-in-pages).
 * Only pages whose heading does not depend on the account (not /changePlan, which may show the
 * change-of-plan panel).
 */
export const HEADED_BY_SERVER: ReadonlySet<string> = new Set([
  '', // the profile
  'products',
  'subscribe',
  'resubscribe',
]);
export const isHeadedByServer = (pathname: string) => HEADED_BY_SERVER.has(firstSegment(pathname));

export const isPrivatePage = (pathname: string) =>
  PREMIUM_STAYS.has(firstSegment(pathname)) || NON_PREMIUM_STAYS.has(firstSegment(pathname));
export const isPaymentRoute = (pathname: string) => PAYMENT.has(firstSegment(pathname));
