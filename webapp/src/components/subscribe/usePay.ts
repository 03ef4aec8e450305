'use client';

import { useRef } from 'react';
import { useLocale } from 'next-intl';
import type { PaymentMessage, Nonce } from '@/components/payment/provider';
import type { PlanSelection, PricedSelection } from '@/components/pricing/plans';
import { useRouter } from '@/i18n/navigation';
import { isPremium } from '@/lib/account/account';
import { track, storedUtm } from '@/lib/analytics';
import { subscribe, type SubscribeRequest } from '@/lib/api/billing';
import type { ApiFailure } from '@/lib/api/client';
import { isErrorKey } from '@/lib/api/errors';
import { clearCoupon, local } from '@/lib/session/storage';
import { useStartup } from '@/lib/startup/use-startup';
import { openWebApp } from '@/lib/startup/web-apps';
import { afterPayment, fireConversion } from './afterPayment';
import { noteAlreadySubscribed, notePaymentDone, paidNotice } from './paymentNotice';
import type { AppliedCoupon } from './coupon';
import { chosenPlan } from './useCoupon';

/** docs/product.md#errors "Payment": 400 names the reason in errorMessage; 409 and 503 have their own texts. */
export function paymentFailureMessage(failure: ApiFailure): PaymentMessage {
  const reason = failure.body?.errorMessage;
  if (failure.status === 400 && isErrorKey(reason)) return reason;
  if (failure.status === 400 && failure.errorKey === 'couponProductMismatch')
    return 'couponPlanMismatch';
  if (failure.status === 409) return 'paymentInProgress';
  if (failure.status === 503) return 'subscriptionCreateFailed';
  return failure.errorKey;
}

/**
 * A purchase refused because a renewing subscription already covers one of its apps (400 code 10): where
 * to send the parent instead — change plan when the purchase would add apps, else the profile.
 */
export function alreadySubscribedTarget(failure: ApiFailure): string | null {
  if (failure.status !== 400 || failure.errorKey !== 'alreadySubscribed') return null;
  const id = failure.body?.subscriptionId;
  return failure.body?.addsApps === true && typeof id === 'number'
    ? `/changeSubscriptionPlan?subscription=${id}`
    : '/';
}

/** Sends the parent on after an alreadySubscribed answer; false for any other failure. */
export function useAlreadySubscribed() {
  const router = useRouter();
  const { reloadAccount } = useStartup();
  return async function redirected(failure: ApiFailure): Promise<boolean> {
    const target = alreadySubscribedTarget(failure);
    if (!target) return false;
    if (target === '/') noteAlreadySubscribed();
    await reloadAccount();
    router.push(target);
    return true;
  };
}

/** Whether the outcome is unknown, so a retry must reuse the same idempotency key. */
const outcomeUnknown = (failure: ApiFailure) =>
  failure.status === 0 || failure.status === 503 || failure.status === 409;

function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

type PayContext = {
  selection: PlanSelection;
  priced: PricedSelection | null;
  coupon: AppliedCoupon | null;
  freeReason?: string | null; // from the order summary's quote
  expressStart?: boolean; // EU: the parent ticked "start my subscription now" (docs/consumer-law-withdrawal.md)
};
type Bought = {
  product: string;
  period: string;
  currency: string;
  total: number;
  method: string;
  subscriptionId?: number;
  freeReason?: string | null; // What the profile's thank-you says
};

/** docs/product.md#flows "Payment success": conversion, coupon cleared, subscriptions re-checked, PAYMENT_DONE, then onwards. */
export function usePaymentSuccess() {
  const router = useRouter();
  const { account, reloadAccount } = useStartup();
  return async function succeeded(bought: Bought): Promise<void> {
    const { conversion, destination } = afterPayment({
      hadActiveSubscription: account ? isPremium(account.subscriptions) : false,
      product: bought.product,
      storedTvFolder: local.get('tvAppFolderId'),
      storedApp: local.get('app'),
    });
    if (conversion)
      fireConversion({
        product: bought.product,
        period: bought.period,
        currency: bought.currency,
        value: bought.total,
      });
    clearCoupon();
    local.remove('swissComeCampaign');
    const reloaded = await reloadAccount();
    track('PAYMENT_DONE', { product: bought.product, paymentMethod: bought.method });
    if (destination.kind === 'tvFolder') {
      local.remove('tvAppFolderId');
      if (await openWebApp('tv', destination.folderId)) return;
    } else if (destination.kind === 'app') {
      local.remove('app');
      if (await openWebApp(destination.app)) return;
    }
    notePaymentDone(
      paidNotice(
        reloaded?.subscriptions.find((s) => s.id === bought.subscriptionId),
        bought.freeReason,
      ),
    );
    router.push('/');
  };
}

/** One idempotency key per payment attempt, kept for a retry whose outcome is unknown. */
export function useIdempotencyKey() {
  const pending = useRef<{ nonce: string; key: string } | null>(null);
  return {
    keyFor(nonce: string): string {
      const key = pending.current?.nonce === nonce ? pending.current.key : newKey();
      pending.current = { nonce, key };
      return key;
    },
    settle(failure: ApiFailure | null): void {
      if (!failure || !outcomeUnknown(failure)) pending.current = null;
    },
  };
}

/** Sends a nonce to POST /v5/braintree/subscription. */
export function usePay({ selection, priced, coupon, freeReason, expressStart }: PayContext) {
  const locale = useLocale();
  const succeeded = usePaymentSuccess();
  const keys = useIdempotencyKey();
  const alreadySubscribed = useAlreadySubscribed();

  return async function pay(nonce: Nonce, billingName: string): Promise<PaymentMessage | null> {
    if (!priced) return 'selectPlan';
    const utm = storedUtm();
    const request: SubscribeRequest = {
      paymentNonce: nonce.nonce,
      plans: chosenPlan(priced, selection),
      isBundle: priced.isBundle,
      coupon: coupon?.code ?? null,
      deviceData: nonce.deviceData,
      billingName,
      expressStart: expressStart ?? false,
      language: locale,
      ...(utm ? { utm: utm as Record<string, string> } : {}),
    };
    const result = await subscribe(request, keys.keyFor(nonce.nonce));
    keys.settle(result.ok ? null : result);
    if (!result.ok) {
      await alreadySubscribed(result);
      return paymentFailureMessage(result);
    }
    await succeeded({
      product: priced.product,
      period: selection.period,
      currency: priced.currency,
      total: priced.total,
      method: nonce.method,
      subscriptionId: result.data.data?.subscriptionId,
      freeReason,
    });
    return null;
  };
}
