'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Spinner from '@/components/common/Spinner';
import { formatMoney, toCents, type Plan, type PlansResponse } from '@/components/pricing/plans';
import { validateCoupon } from '@/lib/api/billing';
import { planName } from '@/components/profile/planName';
import { COUPON_ERROR_MS, couponFitsProduct, legacyPlans } from './legacy';
import styles from './PaymentPage.module.css';

type Props = {
  plans: PlansResponse;
  plan: Plan | null;
  onPlan(plan: Plan): void;
  coupon: string | null;
  onCoupon(code: string | null): void;
};

/** Step 1 of the older flow: a plan, and optionally a coupon that must fit its product. */
export default function LegacyPlanStep({ plans, plan, onPlan, coupon, onCoupon }: Props) {
  const t = useTranslations('AddSubscriptionPage');
  const tPlans = useTranslations('Plans');
  const tErrors = useTranslations('Errors');
  const locale = useLocale();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [error, setError] = useState(false);

  // docs/product.md#flows: a coupon for another product is removed, and the error shows for 3 seconds.
  useEffect(() => {
    if (!mismatch) return;
    const timer = setTimeout(() => setMismatch(null), COUPON_ERROR_MS);
    return () => clearTimeout(timer);
  }, [mismatch]);

  async function check() {
    if (!plan || !code.trim()) return;
    setChecking(true);
    setError(false);
    const result = await validateCoupon(code.trim().toUpperCase());
    setChecking(false);
    if (!result.ok) return setError(true);
    if (!couponFitsProduct(result.data.couponProduct, plan.product)) {
      onCoupon(null);
      const scope = result.data.couponProduct.split('_').pop()?.toUpperCase();
      return setMismatch(
        scope === 'TV' ? 'lumo_tv' : scope === 'BOOKS' ? 'lumo_books' : 'lumo_tv_books_games',
      );
    }
    onCoupon(result.data.couponSerialNumber);
  }

  return (
    <>
      <fieldset className={styles.legacyPlans}>
        <legend>{t('planLegend')}</legend>
        {legacyPlans(plans).map((p) => (
          <label key={p.planId} className={styles.legacyPlan}>
            <input
              type="radio"
              name="legacy-plan"
              checked={plan?.planId === p.planId}
              onChange={() => {
                onPlan(p);
                onCoupon(null);
              }}
            />
            <span>{planName(tPlans, p.product, p.durationCode)}</span>
            <strong>
              {t('price', {
                price: formatMoney(toCents(p.price), p.currency, locale),
                period: p.durationCode,
              })}
            </strong>
          </label>
        ))}
      </fieldset>
      {plan && (
        <div className={styles.coupon}>
          <label className="field">
            <span>{t('couponLabel')}</span>
            <span className={styles.couponRow}>
              <input
                value={coupon ?? code}
                readOnly={Boolean(coupon)}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="off"
              />
              {coupon ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    onCoupon(null);
                    setCode('');
                  }}
                >
                  {t('couponRemove')}
                </button>
              ) : (
                <button type="button" className="button" onClick={check} disabled={checking}>
                  {checking ? <Spinner label={t('couponChecking')} /> : t('couponApply')}
                </button>
              )}
            </span>
          </label>
          {coupon && (
            <p className={styles.couponValid} role="status">
              {t('couponValid', { code: coupon })}
            </p>
          )}
          {mismatch && (
            <p className={styles.fieldError} role="alert">
              {tErrors('couponProductMismatch', { product: tPlans(mismatch as 'lumo_tv') })}
            </p>
          )}
          {error && (
            <p className={styles.fieldError} role="alert">
              {tErrors('couponInvalid')}
            </p>
          )}
        </div>
      )}
    </>
  );
}
