import type { Account } from '../account/account';
import { appsWithAccess, isPremium } from '../account/account';
import type { ErrorKey } from '../api/errors';
import { isPaymentRoute, routeKind, staysWhenNotPremium, staysWhenPremium } from './routes';

// The start-up decision of docs/product.md#flows as a pure function. The runner (useStartup)
// calls it, performs the step it asks for (verify the key, load the account),
// adds the outcome to the input and calls it again until it gets a final step.

export type WebApp = 'tv' | 'stories' | 'games';

/** The `app` query parameter names the calling web app; older links say books. */
export function webAppOf(app: string | null | undefined): WebApp | null {
  const name = (app ?? '').toLowerCase();
  if (name === 'tv' || name === 'stories' || name === 'games') return name;
  return name === 'books' ? 'stories' : null;
}

export type AccountOutcome =
  { status: 'ok'; account: Account } | { status: 'unauthorized' | 'notFound' | 'failed' };

export type StartupInput = {
  pathname: string; // without the locale prefix
  isTvPlatform: boolean;
  hasToken: boolean;
  key?: string; // the `key` query parameter, if any
  keyCheck?: 'valid' | 'invalid'; // the answer to verify-key
  account?: AccountOutcome; // the answer to GET /v5/subscriptions
  storedApp?: string | null; // the calling web app (local `app`)
  storedTvFolder?: string | null; // local `tvAppFolderId`
};

export type StartupStep =
  | { next: 'verifyKey'; key: string }
  | { next: 'loadAccount' }
  | { next: 'render'; account?: Account }
  | {
      next: 'navigate';
      to: '/login' | '/' | '/subscribe';
      dropToken?: boolean;
      logout?: boolean;
      flash?: ErrorKey;
    }
  | { next: 'openApp'; app: WebApp }
  | { next: 'openTvFolder'; folderId: string }
  | { next: 'fail'; errorKey: ErrorKey };

const toLogin = (extra: Partial<Extract<StartupStep, { next: 'navigate' }>> = {}): StartupStep => ({
  next: 'navigate',
  to: '/login',
  ...extra,
});

export function decideStartup(input: StartupInput): StartupStep {
  const kind = routeKind(input.pathname);
  if (kind === 'neverRedirected') return { next: 'render' };

  if (input.key && !input.keyCheck) return { next: 'verifyKey', key: input.key };
  if (input.keyCheck === 'invalid') return toLogin({ dropToken: true });

  if (!input.hasToken) return kind === 'public' ? { next: 'render' } : toLogin();
  // Public pages apply their own entry rules (components/login/entry.ts); here a
  // logged-in parent is only sent back to the web app or TV folder that called.
  const calledBack = Boolean(webAppOf(input.storedApp) || input.storedTvFolder);
  if (kind === 'public' && !calledBack) return { next: 'render' };
  if (!input.account) return { next: 'loadAccount' };

  const outcome = input.account;
  if (outcome.status === 'ok') return afterAccount(input, outcome.account);
  if (outcome.status === 'unauthorized')
    return toLogin({ dropToken: true, flash: 'sessionExpired' });
  return {
    next: 'fail',
    errorKey: outcome.status === 'notFound' ? 'subscriptionNotFound' : 'somethingWentWrong',
  };
}

function afterAccount(input: StartupInput, account: Account): StartupStep {
  const { subscriptions } = account;
  const premium = isPremium(subscriptions);
  if (premium) {
    if (input.storedTvFolder && appsWithAccess(subscriptions).has('tv')) {
      return { next: 'openTvFolder', folderId: input.storedTvFolder };
    }
    const app = webAppOf(input.storedApp);
    if (app) return { next: 'openApp', app };
  }
  if (routeKind(input.pathname) === 'public') return { next: 'render', account };
  if (premium) {
    if (input.isTvPlatform && isPaymentRoute(input.pathname)) return tvCannotPay();
    return staysWhenPremium(input.pathname)
      ? { next: 'render', account }
      : { next: 'navigate', to: '/' };
  }
  // Not premium: a TV platform cannot pay here, so it is told to use a smartphone.
  if (input.isTvPlatform) return tvCannotPay();
  return staysWhenNotPremium(input.pathname)
    ? { next: 'render', account }
    : { next: 'navigate', to: '/subscribe' };
}

const tvCannotPay = (): StartupStep => toLogin({ logout: true, flash: 'tvSubscriptionExpired' });

/**
 * docs/product.md#flows "Subscribe page": a family with all three apps has nothing left to buy and
 * goes to the profile, unless it is changing plan, resubscribing or on the switch store.
 */
export type PaymentMode = 'subscribe' | 'resubscribe' | 'changePlan';

export function sendsToProfile(account: Account, mode: PaymentMode): boolean {
  if (mode !== 'subscribe') return false;
  if (account.subscriptions.some((s) => s.storeId === 'switch' && !s.isExpired)) return false;
  return appsWithAccess(account.subscriptions).size >= 3;
}
