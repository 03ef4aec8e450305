'use client';

import { useEffect, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import SecurePayment from '@/components/brand/SecurePayment';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import PaymentForm from '@/components/payment/PaymentForm';
import type { Nonce, PaymentMessage } from '@/components/payment/provider';
import { CARD_VERIFICATION_AMOUNT, verificationEmail } from '@/components/payment/threeDSecure';
import PaymentProviderStatus from '@/components/payment/PaymentProviderStatus';
import { usePaymentProvider } from '@/components/payment/usePaymentProvider';
import { formatMoney, toCents } from '@/components/pricing/plans';
import { planName } from '@/components/profile/planName';
import { paymentFailureMessage, useIdempotencyKey } from '@/components/subscribe/usePay';
import { Link } from '@/i18n/navigation';
import type { Subscription } from '@/lib/account/account';
import type { ErrorKey } from '@/lib/api/errors';
import {
  getPaymentMethod,
  updatePaymentMethod,
  type PaymentMethodAnswer,
} from '@/lib/api/payment-method';
import { useStartup } from '@/lib/startup/use-startup';
import styles from './PaymentMethodPage.module.css';

type Props = {
  /** ?subscription=ID: the subscription whose payment method is updated. */
  subscriptionId: string | undefined;
  /** ?link=TOKEN: the payment-failed e-mail's link, instead of a login (docs/billing.md#fixing-a-failed-payment). */
  link: string | undefined;
};

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; errorKey: ErrorKey }
  | { status: 'ready'; answer: PaymentMethodAnswer };

/** What is on file: "Visa ending in 1881", a masked PayPal account, or the kind of method. */
function useMethodText() {
  const t = useTranslations('ProfilePage');
  return (s: Subscription) =>
    s.paymentCard
      ? t('cardDigits', {
          brand: s.paymentCard.brand ?? t('paymentMethod', { method: 'card' }),
          last4: s.paymentCard.last4 ?? '',
        })
      : s.paymentEmail
        ? t('paypalAccount', { email: s.paymentEmail })
        : t('paymentMethod', {
            method:
              s.paymentMethod === 'google_pay'
                ? 'googlePay'
                : s.paymentMethod === 'apple_pay'
                  ? 'applePay'
                  : (s.paymentMethod ?? 'other'),
          });
}

/** /payment-method: replace a renewing web subscription's payment method; a past-due one is paid at once. */
export default function PaymentMethodPage({ subscriptionId, link }: Props) {
  const t = useTranslations('PaymentMethodPage');
  const tErrors = useTranslations('Errors');
  const tPlans = useTranslations('Plans');
  const format = useFormatter();
  const locale = useLocale();
  const methodText = useMethodText();
  const { account, reloadAccount } = useStartup();
  const id = subscriptionId && /^\d{1,9}$/.test(subscriptionId) ? Number(subscriptionId) : null;
  const token = link?.trim() || null;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<{ subscription: Subscription; wasPastDue: boolean } | null>(
    null,
  );
  const keys = useIdempotencyKey();
  const answer = loaded.status === 'ready' ? loaded.answer : null;
  const provider = usePaymentProvider(
    answer?.updatable && !done ? (answer.subscription.currency ?? 'EUR') : null,
  );

  useEffect(() => {
    if (id === null) return;
    let live = true;
    (async () => {
      const result = await getPaymentMethod(id, token);
      if (!live) return;
      setLoaded(
        result.ok
          ? { status: 'ready', answer: result.data }
          : { status: 'failed', errorKey: result.errorKey },
      );
    })();
    return () => {
      live = false;
    };
  }, [id, token, attempt]);

  async function submit(nonce: Nonce, billingName: string): Promise<PaymentMessage | null> {
    if (id === null || !answer) return 'somethingWentWrong';
    const result = await updatePaymentMethod(
      id,
      { nonce: nonce.nonce, deviceData: nonce.deviceData, billingName },
      keys.keyFor(nonce.nonce),
      token,
    );
    keys.settle(result.ok ? null : result);
    if (!result.ok) return paymentFailureMessage(result);
    setDone({ subscription: result.data, wasPastDue: answer.pastDue });
    if (account) await reloadAccount();
    return null;
  }

  if (id === null) {
    return (
      <section className={styles.page}>
        <h1>{t('title')}</h1>
        <Flash kind="error">
          <p>{tErrors('subscriptionNotFound')}</p>
        </Flash>
        <Link prefetch={false} href="/" className="button">
          {t('toProfile')}
        </Link>
      </section>
    );
  }

  if (done) {
    const next = done.subscription.nextBillingDate ?? done.subscription.endDate;
    return (
      <section className={styles.page} aria-labelledby="payment-method-title">
        <h1 id="payment-method-title">{t('doneTitle')}</h1>
        <Flash kind="success">
          <p>{t('updated', { method: methodText(done.subscription) })}</p>
          {done.wasPastDue && <p>{t('recovered')}</p>}
          {next && (
            <p>
              {t('nextCharge', {
                date: format.dateTime(new Date(next), { dateStyle: 'long' }),
              })}
            </p>
          )}
        </Flash>
        {account ? (
          <Link prefetch={false} href="/" className="button">
            {t('toProfile')}
          </Link>
        ) : (
          <Link prefetch={false} href="/login" className="button">
            {t('logIn')}
          </Link>
        )}
      </section>
    );
  }

  const sub = answer?.subscription;
  const due =
    answer?.amountDue && sub?.currency
      ? formatMoney(toCents(answer.amountDue), sub.currency, locale)
      : null;

  return (
    <section className={styles.page} aria-labelledby="payment-method-title">
      <header className={styles.head}>
        <h1 id="payment-method-title">{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      {loaded.status === 'loading' && (
        <div className={styles.loading}>
          <Spinner label={t('loading')} />
        </div>
      )}
      {loaded.status === 'failed' && (
        <Flash kind="error">
          <p>{tErrors(loaded.errorKey)}</p>
          {loaded.errorKey === 'paymentLinkInvalid' || loaded.errorKey === 'loginNeeded' ? (
            <Link
              prefetch={false}
              href={`/login?returnTo=${encodeURIComponent(`/payment-method?subscription=${id}`)}`}
              className="button"
            >
              {t('logIn')}
            </Link>
          ) : (
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </button>
          )}
        </Flash>
      )}
      {answer && sub && (
        <div className={styles.columns}>
          <div className={styles.panel}>
            <h2 className={styles.panelTitle}>
              {planName(tPlans, sub.subscriptionType, sub.durationCode)}
            </h2>
            {answer.pastDue && (
              <div className={styles.pastDue} role="note">
                <strong>{t('pastDueTitle')}</strong>
                <p>{due ? t('pastDue', { amount: due }) : t('pastDueNoAmount')}</p>
              </div>
            )}
            <dl className={styles.details}>
              <div>
                <dt>{t('onFile')}</dt>
                <dd data-figure="method">{methodText(sub)}</dd>
              </div>
            </dl>
            {!answer.updatable && (
              <Flash kind="error">
                <p>{tErrors('paymentMethodNotUpdatable')}</p>
              </Flash>
            )}
          </div>
          {answer.updatable && (
            <div className={styles.panel}>
              <h2 className={styles.panelTitle}>{t('newMethod')}</h2>
              <SecurePayment />
              <PaymentProviderStatus
                provider={provider}
                preparing={t('preparing')}
                retryLabel={t('retry')}
              />
              {provider.status === 'ready' && (
                <PaymentForm
                  provider={provider.provider}
                  payLabel={due && answer.pastDue ? t('saveAndPay', { amount: due }) : t('save')}
                  onNonce={submit}
                  verification={{
                    amount: CARD_VERIFICATION_AMOUNT,
                    email: verificationEmail(account?.email, account?.isEmailFake),
                  }}
                  payNote={
                    <p className={styles.note}>
                      {answer.pastDue && due ? t('chargeNow', { amount: due }) : t('noChargeNow')}
                    </p>
                  }
                  amount={{
                    amount: answer.pastDue && answer.amountDue ? answer.amountDue : '0.00',
                    currency: sub.currency ?? 'EUR',
                  }}
                />
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
