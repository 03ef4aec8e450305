'use client';

import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Spinner from '@/components/common/Spinner';
import {
  formatMoney,
  priceSelection,
  productCode,
  type PlanSelection,
  type PlansResponse,
} from './plans';
import './pricing.css';

type Props = {
  plans: PlansResponse | null; // null while loading
  selection: PlanSelection;
  onOpen: () => void; // opens the plan popup
  failed?: boolean;
  onRetry?: () => void;
  note?: ReactNode; // e.g. the free-trial line on the register page
};

/** The chosen plan, its price per period and per month, yearly savings (docs/product.md#screens, docs/product.md#constants). */
export default function PricingCard({ plans, selection, onOpen, failed, onRetry, note }: Props) {
  const t = useTranslations('PricingCard');
  const tPlans = useTranslations('Plans');
  const locale = useLocale();

  if (failed) {
    return (
      <div className="pricing-card" role="group" aria-label={t('title')}>
        <p>{t('loadFailed')}</p>
        {onRetry && (
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
      </div>
    );
  }
  if (!plans) {
    // Laid out line for line like the card below (the prices as placeholders), so that nothing
    // under it moves when the plans arrive.
    const yearly = selection.period === 'P1Y';
    return (
      <div className="pricing-card" aria-busy="true">
        <div className="pricing-card-head">
          <Spinner label={t('loading')} />
        </div>
        <p className="pricing-card-plan">{tPlans(productCode(selection.apps) as 'lumo_tv')}</p>
        <p className="pricing-card-price" aria-hidden="true">
          <span className="skeleton" />
        </p>
        {yearly && (
          <p className="pricing-card-detail" aria-hidden="true">
            <span className="skeleton" />
          </p>
        )}
        {yearly && (
          <p className="badge skeleton-badge" aria-hidden="true">
            &nbsp;
          </p>
        )}
        {note && <p className="pricing-card-note">{note}</p>}
      </div>
    );
  }

  const priced = priceSelection(plans, selection);
  const money = (cents: number) => formatMoney(cents, priced?.currency ?? plans.currency, locale);
  return (
    <div className="pricing-card" role="group" aria-labelledby="pricing-card-title">
      <div className="pricing-card-head">
        <h2 id="pricing-card-title" className="pricing-card-title">
          {t('title')}
        </h2>
        <button type="button" className="text-button" onClick={onOpen} aria-haspopup="dialog">
          {t('change')}
        </button>
      </div>
      <p className="pricing-card-plan">{tPlans(productCode(selection.apps) as 'lumo_tv')}</p>
      {priced ? (
        <>
          <p className="pricing-card-price">
            {t('price', { price: money(priced.total), period: selection.period })}
          </p>
          {selection.period === 'P1Y' && (
            <p className="pricing-card-detail">
              {t('perMonth', { price: money(priced.perMonth) })}
            </p>
          )}
          {priced.yearlySavings !== null && (
            <p className="badge">{t('savings', { amount: money(priced.yearlySavings) })}</p>
          )}
        </>
      ) : (
        <p>{t('unavailable')}</p>
      )}
      {note && <p className="pricing-card-note">{note}</p>}
    </div>
  );
}
