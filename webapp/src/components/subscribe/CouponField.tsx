'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useErrorFocus } from '@/components/common/errorFocus';
import Spinner from '@/components/common/Spinner';
import { formatMoney, toCents } from '@/components/pricing/plans';
import { couponDuration, type AppliedCoupon } from './coupon';
import type { CouponState } from './useCoupon';
import styles from './PaymentPage.module.css';

/** The coupon-valid badge: free months first, or the discounted price and for how long. */
function CouponBadge({ coupon, currency }: { coupon: AppliedCoupon; currency: string }) {
  const t = useTranslations('CouponField');
  const locale = useLocale();
  const duration = couponDuration(coupon.durationCode) ?? { count: 1, unit: 'month' as const };
  if (coupon.kind === 'promo') {
    return (
      <>{t('promoBadge', { code: coupon.code, count: duration.count, unit: duration.unit })}</>
    );
  }
  const price = coupon.details.discountPrice
    ? formatMoney(toCents(coupon.details.discountPrice), currency, locale)
    : '';
  return (
    <>
      {t('discountBadge', {
        code: coupon.code,
        price,
        period: coupon.details.planType ?? 'P1M',
        count: duration.count,
        unit: duration.unit,
      })}
    </>
  );
}

export default function CouponField({
  coupon,
  currency,
}: {
  coupon: CouponState;
  currency: string;
}) {
  const t = useTranslations('CouponField');
  const tErrors = useTranslations('Errors');
  const tPlans = useTranslations('Plans');
  const [code, setCode] = useState('');
  // A refused code focuses the field, which its message describes.
  const { ref: formRef, focusError } = useErrorFocus();

  if (coupon.applied) {
    return (
      <div className={styles.couponValid} role="status">
        <span className={styles.couponTick} aria-hidden="true">
          ✓
        </span>
        <p>
          <CouponBadge coupon={coupon.applied} currency={currency} />
        </p>
        <button type="button" className={styles.linkButton} onClick={coupon.remove}>
          {t('remove')}
        </button>
      </div>
    );
  }

  const error = coupon.error;
  return (
    <form
      ref={formRef}
      className={styles.coupon}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        await coupon.apply(code);
        focusError(); // nothing to focus once the code is applied (the form is gone)
      }}
    >
      <label className="field">
        {/* Named by its own text only: the label also holds the Apply button. */}
        <span id="coupon-label">{t('label')}</span>
        <span className={styles.couponRow}>
          <input
            name="coupon"
            aria-labelledby="coupon-label"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'coupon-error' : undefined}
          />
          <button type="submit" className="button" disabled={coupon.checking}>
            {coupon.checking ? <Spinner label={t('checking')} /> : t('apply')}
          </button>
        </span>
      </label>
      {error && (
        <p id="coupon-error" className={styles.fieldError} role="alert">
          {error.errorKey === 'couponProductMismatch'
            ? tErrors('couponProductMismatch', {
                product: tPlans((error.productKey ?? 'lumo_tv_books_games') as 'lumo_tv'),
              })
            : tErrors(error.errorKey as 'couponInvalid')}
        </p>
      )}
    </form>
  );
}
