'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Spinner from '@/components/common/Spinner';
import Modal from './Modal';
import './pricing.css';
import {
  addOnPrice,
  APPS,
  formatMoney,
  normalizeApps,
  priceSelection,
  type App,
  type Period,
  type PlanSelection,
  type PlansResponse,
} from './plans';

export type PlanPopupProps = {
  mode: 'choose' | 'change';
  plans: PlansResponse;
  selected: PlanSelection;
  onSelect: (selection: PlanSelection) => void; // choose mode: the pick, then the popup closes
  onConfirm?: (selection: PlanSelection) => void; // change mode: the confirm button
  onClose: () => void;
  confirming?: boolean; // change mode: the confirmation is being sent
};

const PERIODS: readonly Period[] = ['P1M', 'P1Y'];

/** docs/product.md#screens "Plan popup": monthly or yearly, one to three apps with add-on prices. */
export default function PlanPopup({
  mode,
  plans,
  selected,
  onSelect,
  onConfirm,
  onClose,
  confirming,
}: PlanPopupProps) {
  const t = useTranslations('PlanPopup');
  const tPlans = useTranslations('Plans');
  const locale = useLocale();
  const [draft, setDraft] = useState<PlanSelection>(selected);
  const priced = priceSelection(plans, draft);
  const money = (cents: number) => formatMoney(cents, priced?.currency ?? plans.currency, locale);

  // docs/product.md#screens "Plan popup": outside change mode, choosing a period or an app is choosing the
  // plan, so the popup closes with it (unless no app is left: the page says to pick one).
  function choose(next: PlanSelection) {
    setDraft(next);
    if (mode === 'choose' && priceSelection(plans, next)) {
      onSelect(next);
      onClose();
    }
  }

  function toggleApp(app: App) {
    const apps = draft.apps.includes(app)
      ? draft.apps.filter((a) => a !== app)
      : [...draft.apps, app];
    choose({ ...draft, apps: normalizeApps(apps) });
  }

  function pick() {
    if (!priced) return;
    if (mode === 'change') {
      onConfirm?.(draft);
      return;
    }
    onSelect(draft);
    onClose();
  }

  const extra = [addOnPrice(plans, draft.period, 1), addOnPrice(plans, draft.period, 2)];
  return (
    <Modal titleId="plan-popup-title" onClose={onClose} closeLabel={t('close')}>
      <h2 id="plan-popup-title">{t('title')}</h2>
      <fieldset className="segmented">
        <legend>{t('periodLegend')}</legend>
        {PERIODS.map((period) => (
          <label key={period} className="segment">
            <input
              type="radio"
              name="plan-period"
              checked={draft.period === period}
              onChange={() => choose({ ...draft, period })}
            />
            <span>{t('period', { period })}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="app-choice">
        <legend>{t('appsLegend')}</legend>
        {APPS.map((app) => (
          <label key={app} className="app-option">
            <input
              type="checkbox"
              checked={draft.apps.includes(app)}
              onChange={() => toggleApp(app)}
            />
            <span className="app-option-name">{tPlans(`lumo_${app}`)}</span>
          </label>
        ))}
        {extra[0] !== null && extra[1] !== null && (
          <p className="hint">{t('addOns', { second: money(extra[0]), third: money(extra[1]) })}</p>
        )}
      </fieldset>
      <div className="plan-summary" aria-live="polite">
        {priced ? (
          <>
            <p className="pricing-card-plan">{tPlans(priced.product as 'lumo_tv')}</p>
            <p className="pricing-card-price">
              {t('price', { price: money(priced.total), period: draft.period })}
            </p>
            {draft.period === 'P1Y' && (
              <p className="pricing-card-detail">
                {t('perMonth', { price: money(priced.perMonth) })}
              </p>
            )}
            {priced.yearlySavings !== null && (
              <p className="badge">{t('savings', { amount: money(priced.yearlySavings) })}</p>
            )}
          </>
        ) : (
          <p className="field-error">{t('pickOneApp')}</p>
        )}
      </div>
      <button type="button" className="button" onClick={pick} disabled={!priced || confirming}>
        {confirming ? (
          <Spinner label={t('confirming')} />
        ) : mode === 'change' ? (
          t('confirm')
        ) : (
          t('choose')
        )}
      </button>
    </Modal>
  );
}
