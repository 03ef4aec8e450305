'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import SecurePayment from '@/components/brand/SecurePayment';
import Flash from '@/components/common/Flash';
import PaymentForm from '@/components/payment/PaymentForm';
import { threeDSecureAmount, verificationEmail } from '@/components/payment/threeDSecure';
import PaymentProviderStatus from '@/components/payment/PaymentProviderStatus';
import { usePaymentProvider } from '@/components/payment/usePaymentProvider';
import PlanPopup from '@/components/pricing/PlanPopup';
import PricingCard from '@/components/pricing/PricingCard';
import {
  formatMoney,
  priceSelection,
  toCents,
  type PlanSelection,
} from '@/components/pricing/plans';
import {
  saveSelection,
  useStoredSelection,
  withoutOwnedApps,
} from '@/components/pricing/selection';
import { usePlans } from '@/components/pricing/usePlans';
import ChargeNote from '@/components/withdrawal/ChargeNote';
import { isEuCatalogue } from '@/components/withdrawal/eu';
import ExpressStartConsent from '@/components/withdrawal/ExpressStartConsent';
import { useRouter } from '@/i18n/navigation';
import { appsWithAccess } from '@/lib/account/account';
import { sendsToProfile, type PaymentMode } from '@/lib/startup/decide';
import { useStartup } from '@/lib/startup/use-startup';
import { couponLine, type AppliedCoupon } from './coupon';
import CouponField from './CouponField';
import OrderSummary from './OrderSummary';
import { noteAccessGranted } from './paymentNotice';
import { useCoupon } from './useCoupon';
import { usePay } from './usePay';
import { useQuote } from './useQuote';
import PaymentHeading, { headingTexts, PAYMENT_TITLE_ID, PAYMENT_TITLES } from './PaymentHeading';
import styles from './PaymentPage.module.css';

/** /changePlan for a parent with no web subscription to change (ChangePlanRoute): the heading, then the
 * page. /subscribe and /resubscribe get their heading from the server (ServerHeadedPaymentPage). */
export default function PaymentPage({ mode }: { mode: PaymentMode }) {
  const t = useTranslations('PaymentPage');
  const tPage = useTranslations(PAYMENT_TITLES[mode]);
  return (
    <section className={styles.page} aria-labelledby={PAYMENT_TITLE_ID}>
      <PaymentHeading {...headingTexts(mode, t, tPage)} />
      <PaymentPageBody mode={mode} />
    </section>
  );
}

/** The payment page below its heading: the plan, the coupon, the order and the payment form. */
export function PaymentPageBody({ mode }: { mode: PaymentMode }) {
  const t = useTranslations('PaymentPage');
  const format = useFormatter();
  const router = useRouter();
  const { account, reloadAccount } = useStartup();
  const { plans, failed, retry } = usePlans();
  const provider = usePaymentProvider(plans?.currency ?? null);
  // On /subscribe, apps the family already has are not preselected (one key per set of apps,
  // so a reloaded account with the same apps leaves the parent's own pick alone).
  const owned =
    mode === 'subscribe' && account
      ? [...appsWithAccess(account.subscriptions)].sort().join(' ')
      : '';
  const stored = useStoredSelection();
  const offered = useMemo(
    () => withoutOwnedApps(stored, new Set(owned.split(' '))),
    [stored, owned],
  );
  // The parent's own pick, for the apps owned when it was made.
  const [picked, setPicked] = useState<{ owned: string; selection: PlanSelection } | null>(null);
  const selection = picked?.owned === owned ? picked.selection : offered;
  const [popupOpen, setPopupOpen] = useState(false);
  const priced = plans ? priceSelection(plans, selection) : null;
  // docs/product.md#flows: an access coupon opens the apps and goes to /products with a success message. The
  // reloaded account then has every app; the "all apps → profile" rule below must not win that race.
  const accessGranted = useRef(false);
  const coupon = useCoupon(selection, priced, async () => {
    accessGranted.current = true;
    noteAccessGranted();
    await reloadAccount();
    router.push('/products');
  });
  const quote = useQuote(selection, priced, coupon.applied, account !== null);
  // docs/consumer-law-withdrawal.md: EU checkouts ask, unticked, whether to start at once.
  const [expressStart, setExpressStart] = useState(false);
  const inEu = isEuCatalogue(priced?.currency ?? plans?.currency);
  const pay = usePay({
    selection,
    priced,
    coupon: coupon.applied,
    freeReason: quote.quote?.freeReason,
    expressStart: inEu && expressStart,
  });
  const locale = useLocale();
  // The trial line only when the quote says a trial comes (before it answers: a family with no subscription yet).
  const trialAhead = quote.quote
    ? quote.quote.freeReason === 'trial'
    : !account?.subscriptions.length;

  useEffect(() => {
    if (account && !accessGranted.current && sendsToProfile(account, mode)) router.replace('/');
  }, [account, mode, router]);

  function choose(next: PlanSelection) {
    setPicked({ owned, selection: next });
    saveSelection(next);
  }

  // docs/product.md#flows: while a cancelled subscription still runs, resubscribing starts when it ends.
  const running = account?.subscriptions.find((s) => !s.isExpired && !s.isRenewing && s.endDate);
  const currency = priced?.currency ?? plans?.currency ?? 'EUR';
  // 3-D Secure authenticates the first charge, or the card verification when the first days are free: the
  // trial (a family without subscriptions, as the note says) or a coupon's free months.
  const freeDaysFirst = coupon.applied?.kind === 'promo' || !account?.subscriptions.length;
  const verification = priced
    ? {
        amount: threeDSecureAmount(priced.total, freeDaysFirst),
        email: verificationEmail(account?.email, account?.isEmailFake),
      }
    : null;

  function couponText(applied: AppliedCoupon): string {
    const line = couponLine(applied);
    if (line.key === 'promo') return t('couponLine.promo', { count: line.count, unit: line.unit });
    const price = line.price ? formatMoney(toCents(line.price), currency, locale) : '';
    return t(`couponLine.${line.key}`, {
      count: line.count,
      unit: line.unit,
      price,
      period: line.period,
    });
  }

  return (
    <>
      {mode === 'resubscribe' && running?.endDate && (
        <Flash kind="success">
          {t('stillActive', {
            date: format.dateTime(new Date(running.endDate), { dateStyle: 'long' }),
          })}
        </Flash>
      )}
      <div className={styles.columns}>
        <div className={styles.plan}>
          <PricingCard
            plans={plans}
            selection={selection}
            onOpen={() => setPopupOpen(true)}
            failed={failed}
            onRetry={retry}
          />
          <CouponField coupon={coupon} currency={currency} />
          <p className={styles.note}>
            {coupon.applied
              ? couponText(coupon.applied)
              : t(trialAhead ? 'trialNote' : 'anytimeNote')}
          </p>
          <OrderSummary state={quote} />
        </div>
        <div className={styles.pay}>
          <h2 className={styles.payTitle}>{t('paymentTitle')}</h2>
          <SecurePayment />
          <PaymentProviderStatus
            provider={provider}
            preparing={t('preparing')}
            retryLabel={t('retry')}
          />
          {provider.status === 'ready' && (
            <PaymentForm
              provider={provider.provider}
              payLabel={t('pay')}
              onNonce={pay}
              verification={verification}
              precheck={() => (priced ? null : 'selectPlan')}
              consent={
                inEu ? (
                  <ExpressStartConsent checked={expressStart} onChange={setExpressStart} />
                ) : null
              }
              payNote={<ChargeNote quote={quote.quote} />}
              amount={
                priced
                  ? { amount: (priced.total / 100).toFixed(2), currency: priced.currency }
                  : null
              }
            />
          )}
        </div>
      </div>
      {popupOpen && plans && (
        <PlanPopup
          mode="choose"
          plans={plans}
          selected={selection}
          onSelect={choose}
          onClose={() => setPopupOpen(false)}
        />
      )}
    </>
  );
}
