import type { Account } from '../account/account';
import { loadAccount as fetchAccount } from '../api/subscriptions';
import { getToken } from '../session/storage';
import { verifyRedirectKeyOnce } from '../landing';
import { decideStartup, type AccountOutcome, type StartupInput, type StartupStep } from './decide';
import { REDIRECT_KEY_PARAM, REDIRECT_KEY_SEGMENT } from './routes';

// Runs the pure decision to its final step, doing the I/O it asks for in between.

export type StartupEffects = {
  verifyKey(key: string): Promise<boolean>;
  loadAccount(): Promise<AccountOutcome>;
  hasToken(): boolean;
};

export type FinalStep = Exclude<StartupStep, { next: 'verifyKey' } | { next: 'loadAccount' }>;

export async function runStartup(start: StartupInput, effects: StartupEffects): Promise<FinalStep> {
  let input = { ...start, hasToken: effects.hasToken() };
  for (;;) {
    const step = decideStartup(input);
    if (step.next === 'verifyKey') {
      const valid = await effects.verifyKey(step.key);
      input = { ...input, keyCheck: valid ? 'valid' : 'invalid', hasToken: effects.hasToken() };
    } else if (step.next === 'loadAccount') {
      input = { ...input, account: await effects.loadAccount() };
    } else {
      return step;
    }
  }
}

/** GET /v5/subscriptions, with the statuses of docs/product.md#errors "Subscriptions load". */
export async function loadAccountOutcome(): Promise<AccountOutcome> {
  const result = await fetchAccount();
  if (result.ok) return { status: 'ok', account: result.data };
  if (result.status === 401) return { status: 'unauthorized' };
  if (result.status === 404) return { status: 'notFound' };
  return { status: 'failed' };
}

/** The account of the current token is loaded once and reused until reloaded or the token changes. */
export function accountCache() {
  let cached: { token: string; account: Account } | null = null;
  return {
    get(): Account | null {
      const token = getToken();
      return cached && token && cached.token === token ? cached.account : null;
    },
    set(account: Account | null): void {
      const token = getToken();
      cached = account && token ? { token, account } : null;
    },
  };
}

export const liveEffects = (cache: ReturnType<typeof accountCache>): StartupEffects => ({
  verifyKey: verifyRedirectKeyOnce,
  hasToken: () => getToken() !== null,
  async loadAccount() {
    const known = cache.get();
    if (known) return { status: 'ok', account: known };
    const outcome = await loadAccountOutcome();
    cache.set(outcome.status === 'ok' ? outcome.account : null);
    return outcome;
  },
});

const KEY_SEGMENT = new RegExp(`/${REDIRECT_KEY_SEGMENT}/([^/?#]+)/?$`);

/** A redirect key comes as ?key= on any page, or as the last segment of /changePlan/{key}. */
export function redirectKeyOf(pathname: string, search: string): string | null {
  const fromQuery = new URLSearchParams(search).get(REDIRECT_KEY_PARAM)?.trim();
  if (fromQuery) return fromQuery;
  const match = KEY_SEGMENT.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
