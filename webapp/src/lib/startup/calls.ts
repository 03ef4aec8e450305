import { loadAccount as fetchAccount } from '../api/subscriptions';
import { verifyRedirectKeyOnce } from '../landing';
import type { AccountOutcome } from './decide';
import type { AccountCache, StartupCalls } from './run';

// The start-up's calls to the API (docs/product.md#flows), with the API client they pull in: loaded by
// run.ts (loadStartupCalls) only when a step needs one — a stored token, a redirect key, a guarded
// page — so a first visit to a public page does not download them.

export { logOut } from '../api/accounts';
export { setEmailLanguage } from '../api/profile';
export { openWebApp } from './web-apps';

/** GET /v5/subscriptions, with the statuses of docs/product.md#errors "Subscriptions load". */
export async function loadAccountOutcome(): Promise<AccountOutcome> {
  const result = await fetchAccount();
  if (result.ok) return { status: 'ok', account: result.data };
  if (result.status === 401) return { status: 'unauthorized' };
  if (result.status === 404) return { status: 'notFound' };
  return { status: 'failed' };
}

export const liveCalls = (cache: AccountCache): StartupCalls => ({
  verifyKey: verifyRedirectKeyOnce,
  async loadAccount() {
    const known = cache.get();
    if (known) return { status: 'ok', account: known };
    const outcome = await loadAccountOutcome();
    cache.set(outcome.status === 'ok' ? outcome.account : null);
    return outcome;
  },
});
