'use client';

import type { ReactNode } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatMoney, toCents } from '@/components/pricing/plans';
import { Link } from '@/i18n/navigation';
import type { Subscription } from '@/lib/account/account';
import { planName } from './planName';
import { couponLeft, subscriptionDisplay } from './visibility';
import styles from './Profile.module.css';

const STATES = new Set(['Trial', 'Active', 'Cancelled', 'Expired', 'Past_Due', 'Free_Campaign']);

type Props = {
  subscription: Subscription;
  isTv: boolean;
  coveredApps: ReadonlySet<string>;
  /** Its withdrawal period still runs: the function shows (docs/consumer-law-withdrawal.md). */
  withdrawal?: ReactNode;
};

export default function SubscriptionCard({
  subscription: s,
  isTv,
  coveredApps,
  withdrawal,
}: Props) {
  const t = useTranslations('ProfilePage');
  const tPlans = useTranslations('Plans');
  const format = useFormatter();
  const locale = useLocale();
  const shown = subscriptionDisplay(s, isTv, coveredApps);
  // What the next charge takes, and while a discount runs from when the full price applies
  // (docs/billing.md#one-price-truth).
  const current = s.currentPrice ?? s.paymentPlanPrice;
  const full = s.fullPrice ?? s.paymentPlanPrice;
  const money = (amount: string) => formatMoney(toCents(amount), s.currency ?? '', locale);
  const price =
    current && s.currency
      ? s.fullPriceFrom && full
        ? t('priceDiscounted', {
            price: money(current),
            period: s.durationCode,
            fullPrice: money(full),
            date: format.dateTime(new Date(s.fullPriceFrom), { dateStyle: 'long' }),
          })
        : t('price', { price: money(current), period: s.durationCode })
      : null;
  const left = couponLeft(s, new Date());
  const state = s.isExpired
    ? 'Expired'
    : STATES.has(s.paymentStateId)
      ? s.paymentStateId
      : 'Active';
  const titleId = `subscription-${s.id}`;

  return (
    <article className={styles.subscription} aria-labelledby={titleId}>
      <header className={styles.subscriptionHead}>
        <h3 id={titleId}>{planName(tPlans, s.subscriptionType, s.durationCode)}</h3>
        <span className={`${styles.state} ${styles[`state${state.replace('_', '')}`] ?? ''}`}>
          {t('state', { state })}
        </span>
      </header>
      {shown.pastDue && (
        <div className={styles.pastDue} role="alert">
          <p>{t('pastDueBanner')}</p>
          {shown.updatePaymentMethod && (
            <Link prefetch={false} href={`/payment-method?subscription=${s.id}`} className="button">
              {t('updatePaymentMethod')}
            </Link>
          )}
        </div>
      )}
      <dl className={styles.details}>
        {price && shown.paymentMethod !== 'coupon' && (
          <div>
            <dt>{t('priceLabel')}</dt>
            <dd data-figure="price">{price}</dd>
          </div>
        )}
        {shown.coupon && (
          <div>
            <dt>{t('coupon')}</dt>
            <dd>
              <span dir="ltr">{shown.coupon}</span>
              {left && (
                <>
                  {' '}
                  ·{' '}
                  {left.kind === 'days'
                    ? t('couponDaysLeft', { days: left.days })
                    : t('couponDiscountFor', { count: left.count, unit: left.unit })}
                </>
              )}
            </dd>
          </div>
        )}
        {shown.date && (
          <div>
            <dt>{t('dateLabel', { kind: shown.date.kind })}</dt>
            <dd>{format.dateTime(new Date(shown.date.date), { dateStyle: 'long' })}</dd>
          </div>
        )}
        <div>
          <dt>{t('paymentMethodLabel')}</dt>
          <dd data-figure="method">
            {s.paymentCard
              ? (shown.paymentMethod === 'card'
                  ? ''
                  : `${t('paymentMethod', { method: shown.paymentMethod })} · `) +
                t('cardDigits', {
                  brand: s.paymentCard.brand ?? t('paymentMethod', { method: 'card' }),
                  last4: s.paymentCard.last4 ?? '',
                })
              : s.paymentEmail
                ? t('paypalAccount', { email: s.paymentEmail })
                : t('paymentMethod', { method: shown.paymentMethod })}
          </dd>
        </div>
      </dl>
      {(shown.changePlan ||
        shown.unsubscribe ||
        shown.resubscribe ||
        (shown.updatePaymentMethod && !shown.pastDue)) && (
        <div className={styles.subscriptionActions}>
          {shown.resubscribe && (
            <Link prefetch={false} href="/resubscribe" className="button">
              {t('resubscribe')}
            </Link>
          )}
          {shown.changePlan && (
            <Link prefetch={false} href={`/changeSubscriptionPlan?subscription=${s.id}`}>
              {t('changePlan')}
            </Link>
          )}
          {shown.updatePaymentMethod && !shown.pastDue && (
            <Link prefetch={false} href={`/payment-method?subscription=${s.id}`}>
              {t('updatePaymentMethod')}
            </Link>
          )}
          {shown.unsubscribe?.method === 'in_app' && (
            <Link prefetch={false} href={shown.unsubscribe.path ?? ''}>
              {t('unsubscribe')}
            </Link>
          )}
          {shown.unsubscribe && shown.unsubscribe.method !== 'in_app' && (
            <a href={shown.unsubscribe.url} target="_blank" rel="noopener noreferrer">
              {t('unsubscribeElsewhere', { method: shown.unsubscribe.method })}
              <span className={styles.srOnly}>{t('opensNewTab')}</span>
            </a>
          )}
        </div>
      )}
      {withdrawal}
    </article>
  );
}
