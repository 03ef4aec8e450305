'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import ChallengeDialog from '@/components/payment/ChallengeDialog';
import PaymentForm, { useChallenge, usePaymentMessage } from '@/components/payment/PaymentForm';
import type {
  CardCheck,
  Nonce,
  PaymentMessage,
  TokenizeResult,
} from '@/components/payment/provider';
import { threeDSecureAmount, verificationEmail } from '@/components/payment/threeDSecure';
import { usePaymentProvider } from '@/components/payment/usePaymentProvider';
import WalletButtons from '@/components/payment/WalletButtons';
import type { Plan } from '@/components/pricing/plans';
import { toCents } from '@/components/pricing/plans';
import { usePlans } from '@/components/pricing/usePlans';
import ChargeNote from '@/components/withdrawal/ChargeNote';
import { isEuCatalogue } from '@/components/withdrawal/eu';
import ExpressStartConsent from '@/components/withdrawal/ExpressStartConsent';
import { usePlanQuote } from '@/components/withdrawal/usePlanQuote';
import { LEGACY_PRODUCTS, subscribe, subscribeLegacy } from '@/lib/api/billing';
import { isErrorKey } from '@/lib/api/errors';
import { useStartup } from '@/lib/startup/use-startup';
import { nextStep, STEPS, type Step } from './legacy';
import LegacyPlanStep from './LegacyPlanStep';
import { useAlreadySubscribed, useIdempotencyKey, usePaymentSuccess } from './usePay';
import styles from './PaymentPage.module.css';

/** /add-subscription: the older 3-step flow (plan, payment option, card) on the older payment calls. */
export default function AddSubscriptionFlow() {
  const t = useTranslations('AddSubscriptionPage');
  const tErrors = useTranslations('Errors');
  const messageOf = usePaymentMessage();
  const { plans, failed, retry } = usePlans();
  const provider = usePaymentProvider(plans?.currency ?? null);
  const succeeded = usePaymentSuccess();
  const alreadySubscribed = useAlreadySubscribed();
  const keys = useIdempotencyKey();
  const [step, setStep] = useState<Step>('plan');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [error, setError] = useState<PaymentMessage | null>(null);
  const [walletBusy, setWalletBusy] = useState(false);
  const [challenge, challengeHost] = useChallenge();
  const { account } = useStartup();
  const locale = useLocale();
  // docs/consumer-law-withdrawal.md: EU checkouts ask, unticked, whether to start at once.
  const [expressStart, setExpressStart] = useState(false);
  const inEu = isEuCatalogue(plan?.currency ?? plans?.currency);
  const quote = usePlanQuote(
    plan ? { planId: plan.planId, product: plan.product, addOns: [] } : null,
    coupon,
    account !== null,
  );

  function forward() {
    const next = nextStep(step, plan);
    setError(next.errorKey ?? null);
    setStep(next.step);
  }

  async function send(nonce: Nonce, billingName: string): Promise<PaymentMessage | null> {
    if (!plan) return 'selectPlan';
    // The older per-product calls sell four products; the pairs with Games and the three apps go through
    // the current call, as the plan itself (no add-ons).
    const result = LEGACY_PRODUCTS.includes(plan.product)
      ? await subscribeLegacy(
          plan.product,
          {
            nonce: nonce.nonce,
            name: billingName,
            device_data: nonce.deviceData,
            iap: plan.iap,
            coupon,
            expressStart: inEu && expressStart,
            language: locale,
          },
          keys.keyFor(nonce.nonce),
        )
      : await subscribe(
          {
            paymentNonce: nonce.nonce,
            plans: { planId: plan.planId, product: plan.product, addOns: [] },
            isBundle: false,
            coupon,
            deviceData: nonce.deviceData,
            billingName,
            expressStart: inEu && expressStart,
            language: locale,
          },
          keys.keyFor(nonce.nonce),
        );
    keys.settle(result.ok ? null : result);
    if (!result.ok) {
      if (await alreadySubscribed(result)) return 'alreadySubscribed';
      // docs/product.md#errors: the older flow shows the server's own errorMessage.
      const reason = result.body?.errorMessage;
      return isErrorKey(reason) ? reason : result.errorKey;
    }
    await succeeded({
      product: plan.product,
      period: plan.durationCode,
      currency: plan.currency,
      total: toCents(plan.price),
      method: nonce.method,
      subscriptionId: result.data.data?.subscriptionId,
    });
    return null;
  }

  function startWallet(): boolean {
    if (walletBusy) return false;
    setWalletBusy(true);
    setError(null);
    return true;
  }

  async function finishWallet(result: TokenizeResult) {
    setError(result.ok ? await send(result, '') : result.message);
    setWalletBusy(false);
  }

  async function payWithWallet(tokenize: () => Promise<TokenizeResult>) {
    if (startWallet()) await finishWallet(await tokenize());
  }

  const amount = plan
    ? { amount: plan.price, currency: plan.currency }
    : { amount: '0', currency: 'EUR' };
  // 3-D Secure: the first charge, or the card verification for a family's trial (no subscription yet).
  const verification = {
    amount: threeDSecureAmount(plan ? toCents(plan.price) : 0, !account?.subscriptions.length),
    email: verificationEmail(account?.email, account?.isEmailFake),
  };
  const check: CardCheck = { verification, challenge: challengeHost };
  return (
    <section className={`page ${styles.legacy}`} aria-labelledby="add-title">
      <p className={styles.step}>
        {t('step', { current: STEPS.indexOf(step) + 1, total: STEPS.length })}
      </p>
      <h1 id="add-title">{t('title')}</h1>
      <p>{t(`intro_${step}`)}</p>
      {error && (
        <Flash kind="error" onClose={() => setError(null)}>
          {messageOf(error)}
        </Flash>
      )}
      {step === 'plan' &&
        (failed ? (
          <Flash kind="error">
            <p>{tErrors('somethingWentWrong')}</p>
            <button type="button" className="button" onClick={retry}>
              {t('retry')}
            </button>
          </Flash>
        ) : plans ? (
          <LegacyPlanStep
            plans={plans}
            plan={plan}
            onPlan={setPlan}
            coupon={coupon}
            onCoupon={setCoupon}
          />
        ) : (
          <Spinner />
        ))}
      {step !== 'plan' && provider.status === 'loading' && <Spinner label={t('preparing')} />}
      {step !== 'plan' && provider.status === 'failed' && (
        <Flash kind="error">
          <p>{tErrors(provider.errorKey)}</p>
          <button type="button" className="button" onClick={provider.retry}>
            {t('retry')}
          </button>
        </Flash>
      )}
      {step !== 'plan' && inEu && (
        <ExpressStartConsent checked={expressStart} onChange={setExpressStart} />
      )}
      {step === 'method' && <ChargeNote quote={quote} />}
      {step === 'method' && provider.status === 'ready' && (
        <div className={styles.methods}>
          <WalletButtons
            provider={provider.provider}
            amount={amount}
            busy={walletBusy ? 'paypal' : null}
            check={check}
            pay={(_method, tokenize) => void payWithWallet(tokenize)}
            start={startWallet}
            finish={(result) => void finishWallet(result)}
          />
          <button type="button" className="button" disabled={walletBusy} onClick={forward}>
            {t('methodCard')}
          </button>
          {walletBusy && <Spinner label={t('paying')} />}
        </div>
      )}
      {step === 'card' && provider.status === 'ready' && (
        <PaymentForm
          provider={provider.provider}
          amount={amount}
          payLabel={t('pay')}
          onNonce={send}
          showWallets={false}
          verification={verification}
          payNote={<ChargeNote quote={quote} />}
        />
      )}
      {challenge && <ChallengeDialog challenge={challenge} />}
      <div className={styles.confirmRow}>
        {step !== 'plan' && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setStep(step === 'card' ? 'method' : 'plan')}
          >
            {t('back')}
          </button>
        )}
        {step === 'plan' && (
          <button type="button" className="button" onClick={forward}>
            {t('next')}
          </button>
        )}
      </div>
    </section>
  );
}
