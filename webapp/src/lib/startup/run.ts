import type { Account } from '../account/account';
import { getToken } from '../session/storage';
import { decideStartup, type AccountOutcome, type StartupInput, type StartupStep } from './decide';
import { REDIRECT_KEY_PARAM, REDIRECT_KEY_SEGMENT } from './routes';

// Runs the pure decision to its final step, doing the I/O it asks for in between. The calls that I/O
// needs (lib/startup/calls.ts, with the API client) are downloaded only when a step asks for one: a
// visitor without a token on a public page gets the answer at once, and never downloads them
// (docs/web-speed.md#the-api-client-on-demand).

/** The calls a step may ask for. */
export type StartupCalls = {
  verifyKey(key: string): Promise<boolean>;
  loadAccount(): Promise<AccountOutcome>;
};

export type StartupEffects = {
  hasToken(): boolean;
  /** The calls, loaded the first time a step needs one. */
  calls(): Promise<StartupCalls>;
};

export type FinalStep = Exclude<StartupStep, { next: 'verifyKey' } | { next: 'loadAccount' }>;

/** What a page shows when the calls could not be downloaded or failed unexpectedly: the retry. */
const CANNOT_CHECK: FinalStep = { next: 'fail', errorKey: 'somethingWentWrong' };

export async function runStartup(start: StartupInput, effects: StartupEffects): Promise<FinalStep> {
  let input = { ...start, hasToken: effects.hasToken() };
  for (;;) {
    const step = decideStartup(input);
    if (step.next !== 'verifyKey' && step.next !== 'loadAccount') return step;
    let calls: StartupCalls;
    try {
      calls = await effects.calls();
    } catch {
      return CANNOT_CHECK;
    }
    if (step.next === 'verifyKey') {
      const valid = await calls.verifyKey(step.key);
      input = { ...input, keyCheck: valid ? 'valid' : 'invalid', hasToken: effects.hasToken() };
    } else {
      input = { ...input, account: await calls.loadAccount() };
    }
  }
}

type CallsModule = typeof import('./calls');
let provided: CallsModule | null = null;

/**
 * Called by lib/startup/use-startup.ts, which the pages that read the account import: their own scripts
 * then carry the calls, and the start-up takes them from there instead of downloading them a second time.
 */
export function provideStartupCalls(calls: CallsModule): void {
  provided = calls;
}

/** The start-up's calls to the API (lib/startup/calls.ts): the page's own, or downloaded the first time. */
export const loadStartupCalls = (): Promise<CallsModule> =>
  provided ? Promise.resolve(provided) : import('./calls');

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

export type AccountCache = ReturnType<typeof accountCache>;

export const liveEffects = (cache: AccountCache): StartupEffects => ({
  hasToken: () => getToken() !== null,
  calls: () => loadStartupCalls().then((calls) => calls.liveCalls(cache)),
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
