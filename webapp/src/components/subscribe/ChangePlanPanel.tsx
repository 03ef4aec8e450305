'use client';

import { useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import PlanPopup from '@/components/pricing/PlanPopup';
import PricingCard from '@/components/pricing/PricingCard';
import { normalizeApps, priceSelection, type PlanSelection } from '@/components/pricing/plans';
import { useStoredSelection } from '@/components/pricing/selection';
import { usePlans } from '@/components/pricing/usePlans';
import { Link } from '@/i18n/navigation';
import type { Subscription } from '@/lib/account/account';
import { changePlan } from '@/lib/api/billing';
import type { ErrorKey } from '@/lib/api/errors';
import { planName, productOf } from '@/components/profile/planName';
import { useStartup } from '@/lib/startup/use-startup';
import { chosenPlan } from './useCoupon';
import styles from './PaymentPage.module.css';

/** The plan a subscription has now, as a popup selection. */
export function currentSelection(subscription: Subscription): PlanSelection {
  return {
    period: subscription.durationCode === 'P1Y' ? 'P1Y' : 'P1M',
    apps: normalizeApps(subscription.subscriptionType.split('_').slice(1)),
  };
}

const sameSelection = (a: PlanSelection, b: PlanSelection) =>
  a.period === b.period && a.apps.join() === b.apps.join();

/** /changePlan for a web subscription: pick the new plan, confirm, done (the card on file pays). */
export default function ChangePlanPanel({
  subscription,
  picked,
}: {
  subscription: Subscription;
  picked: boolean;
}) {
  const t = useTranslations('ChangePlanPage');
  const tErrors = useTranslations('Errors');
  const tPlans = useTranslations('Plans');
  const { reloadAccount } = useStartup();
  const { plans, failed, retry } = usePlans();
  const current = currentSelection(subscription);
  // Coming from /changeSubscriptionPlan, the plan picked there is the one to confirm.
  const stored = useStoredSelection();
  const [chosen, setChosen] = useState<PlanSelection | null>(null);
  const selection = chosen ?? (picked ? stored : current);
  const [popupOpen, setPopupOpen] = useState(false);
  const [status, setStatus] = useState<'editing' | 'sending' | 'done'>('editing');
  const [error, setError] = useState<ErrorKey | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  // Set when the change waits for the coming charge: the date the new plan starts ('' if unknown).
  const [startsAfter, setStartsAfter] = useState<string | null>(null);
  const format = useFormatter();

  async function confirm(next: PlanSelection) {
    setChosen(next);
    setPopupOpen(false);
    setError(null);
    setUnchanged(sameSelection(next, current));
    const priced = plans ? priceSelection(plans, next) : null;
    if (!priced) return setError('selectPlan');
    if (sameSelection(next, current)) return;
    setStatus('sending');
    const chosen = chosenPlan(priced, next);
    const result = await changePlan(subscription.id, chosen);
    if (!result.ok) {
      setStatus('editing');
      return setError(result.errorKey);
    }
    const applied =
      result.data?.paymentPlanId === chosen.planId &&
      result.data?.subscriptionType === chosen.product;
    setStartsAfter(applied ? null : (result.data?.nextBillingDate ?? ''));
    await reloadAccount();
    setStatus('done');
  }

  if (status === 'done') {
    return (
      <section className="page" aria-live="polite">
        <h1>{t('title')}</h1>
        <Flash kind="success">
          {startsAfter === null ? (
            <p>
              {t('done', { plan: planName(tPlans, productOf(selection.apps), selection.period) })}
            </p>
          ) : (
            <p>
              {t('doneDeferred', {
                plan: planName(tPlans, productOf(selection.apps), selection.period),
                date: startsAfter
                  ? format.dateTime(new Date(startsAfter), { dateStyle: 'long' })
                  : '—',
              })}
            </p>
          )}
          <p>{t('doneBilling')}</p>
        </Flash>
        <Link prefetch={false} href="/" className="button">
          {t('backToProfile')}
        </Link>
      </section>
    );
  }

  return (
    <section className={`${styles.page} ${styles.narrow}`} aria-labelledby="change-title">
      <header className={styles.head}>
        <h1 id="change-title">{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      <div className={styles.plan}>
        <p className={styles.current}>
          {t('current', {
            plan: planName(tPlans, subscription.subscriptionType, subscription.durationCode),
          })}
        </p>
        {error && (
          <Flash kind="error" onClose={() => setError(null)}>
            {tErrors(error)}
          </Flash>
        )}
        {unchanged && (
          <Flash kind="success" onClose={() => setUnchanged(false)}>
            {t('samePlan')}
          </Flash>
        )}
        <PricingCard
          plans={plans}
          selection={selection}
          onOpen={() => setPopupOpen(true)}
          failed={failed}
          onRetry={retry}
        />
        <p className={styles.note}>{t('billingNote')}</p>
        <div className={styles.confirmRow}>
          <button
            type="button"
            className="button"
            onClick={() => confirm(selection)}
            disabled={status === 'sending' || !plans}
          >
            {status === 'sending' ? <Spinner label={t('sending')} /> : t('confirm')}
          </button>
          <Link prefetch={false} href="/" className={styles.textLink}>
            {t('cancel')}
          </Link>
        </div>
      </div>
      {popupOpen && plans && (
        <PlanPopup
          mode="change"
          plans={plans}
          selected={selection}
          onSelect={setChosen}
          onConfirm={confirm}
          onClose={() => setPopupOpen(false)}
          confirming={status === 'sending'}
        />
      )}
    </section>
  );
}
