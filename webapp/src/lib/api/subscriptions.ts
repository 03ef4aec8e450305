import type { Account } from '../account/account';
import { api, type ApiResult } from './client';

/** GET /v5/subscriptions: the account and its visible subscriptions (lib/account/account.ts: why Account). */
export function loadAccount(): Promise<ApiResult<Account>> {
  return api.GET('/v5/subscriptions') as Promise<ApiResult<Account>>;
}
