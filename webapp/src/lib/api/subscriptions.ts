import type { Account } from '../account/account';
import { apiRequest, type ApiResult } from './client';

/** GET /v5/subscriptions: the account and its visible subscriptions (components['schemas']['Account']). */
export function loadAccount(): Promise<ApiResult<Account>> {
  return apiRequest<Account>('/v5/subscriptions');
}
