import { cancelSwisscom, cancelSwitch, cancelWebSubscription } from '@/lib/api/billing';
import type { ApiFailure } from '@/lib/api/client';
import type { ErrorKey } from '@/lib/api/errors';
import type { UnsubscribeTarget } from './target';

export type CancelResult =
  { ok: true; endDate: string | null; operator: string | null } | { ok: false; errorKey: ErrorKey };

/** docs/product.md#errors "Unsubscribe": 404 not found, 400 code 3 already cancelled, anything else generic. */
export function cancelFailure(failure: ApiFailure): ErrorKey {
  if (failure.status === 404) return 'subscriptionNotFound';
  if (failure.status === 400 && failure.code === 3) return 'alreadyCancelled';
  return failure.status === 401 ? 'loginNeeded' : 'somethingWentWrong';
}

type InAppTarget = Extract<UnsubscribeTarget, { kind: 'web' | 'swisscom' | 'switch' }>;

/** The in-app cancel call of each store. */
export async function cancel(target: InAppTarget): Promise<CancelResult> {
  const fallbackEnd = target.subscription?.endDate ?? target.subscription?.nextBillingDate ?? null;
  if (target.kind === 'web') {
    const result = await cancelWebSubscription(target.subscription.id);
    return result.ok
      ? { ok: true, endDate: result.data?.endDate ?? fallbackEnd, operator: null }
      : { ok: false, errorKey: cancelFailure(result) };
  }
  if (target.kind === 'swisscom') {
    const result = await cancelSwisscom();
    return result.ok
      ? { ok: true, endDate: fallbackEnd, operator: null }
      : { ok: false, errorKey: cancelFailure(result) };
  }
  const result = await cancelSwitch(target.subscription.id);
  return result.ok
    ? { ok: true, endDate: fallbackEnd, operator: result.data?.sub_partner ?? 'UFONE' }
    : { ok: false, errorKey: cancelFailure(result) };
}

/** Why parents leave (asked before the final cancel, sent with the analytics record). */
export const CANCEL_REASONS = [
  'tooExpensive',
  'notUsed',
  'notEnoughContent',
  'technical',
  'otherOffer',
  'other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
