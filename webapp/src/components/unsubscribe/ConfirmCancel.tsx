'use client';

import { useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { Link } from '@/i18n/navigation';
import { track } from '@/lib/analytics';
import type { ErrorKey } from '@/lib/api/errors';
import { useStartup } from '@/lib/startup/use-startup';
import { cancel, CANCEL_REASONS, type CancelReason, type CancelResult } from './cancel';
import { appsOf, type UnsubscribeTarget } from './target';
import styles from './Unsubscribe.module.css';

type Props = { target: Extract<UnsubscribeTarget, { kind: 'web' | 'swisscom' | 'switch' }> };

/** What the parent keeps, why they leave, "it's a mistake" or "cancel subscription", then the outcome. */
export default function ConfirmCancel({ target }: Props) {
  const t = useTranslations('UnsubscribePage');
  const tErrors = useTranslations('Errors');
  const tPlans = useTranslations('Plans');
  const format = useFormatter();
  const { reloadAccount } = useStartup();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [status, setStatus] = useState<'confirm' | 'sending'>('confirm');
  const [error, setError] = useState<ErrorKey | null>(null);
  const [done, setDone] = useState<Extract<CancelResult, { ok: true }> | null>(null);

  const sub = target.subscription;
  const until = sub?.endDate ?? sub?.nextBillingDate ?? null;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long' });
  const apps = appsOf(sub)
    .map((app) => tPlans(`lumo_${app}` as 'lumo_tv'))
    .join(' · ');

  async function confirm() {
    if (status === 'sending') return;
    setStatus('sending');
    setError(null);
    track('CLOSE', { cancelReason: reason ?? 'none', store: sub?.storeId ?? target.kind });
    const result = await cancel(target);
    setStatus('confirm');
    if (!result.ok) return setError(result.errorKey);
    setDone(result);
    await reloadAccount();
    // docs/product.md#flows: a switch-store parent finishes on the operator's site.
    if (target.kind === 'switch' && target.operatorUrl) window.location.assign(target.operatorUrl);
  }

  if (done) {
    return (
      <div className={styles.done} role="status">
        <Flash kind="success">
          <p>{done.endDate ? t('doneUntil', { date: date(done.endDate) }) : t('done')}</p>
          {target.kind === 'switch' && (
            <p>{t('operatorNext', { operator: done.operator ?? 'UFONE' })}</p>
          )}
        </Flash>
        <Link prefetch={false} href="/" className="button">
          {t('backToProfile')}
        </Link>
      </div>
    );
  }

  if (error === 'alreadyCancelled' || error === 'subscriptionNotFound') {
    return (
      <>
        <Flash kind={error === 'alreadyCancelled' ? 'success' : 'error'}>{tErrors(error)}</Flash>
        <Link prefetch={false} href="/" className="button">
          {t('backToProfile')}
        </Link>
      </>
    );
  }

  return (
    <div className={styles.confirm}>
      <p>{t('intro')}</p>
      {until && (
        <div className={styles.keep}>
          <p>
            {apps
              ? t('keepApps', { apps, date: date(until) })
              : t('keepUntil', { date: date(until) })}
          </p>
        </div>
      )}
      <fieldset className={styles.reasons}>
        <legend>{t('reasonTitle')}</legend>
        {CANCEL_REASONS.map((key) => (
          <label key={key} className={styles.reason}>
            <input
              type="radio"
              name="cancel-reason"
              value={key}
              checked={reason === key}
              onChange={() => setReason(key)}
            />
            <span>{t(`reasons.${key}`)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <Flash kind="error" onClose={() => setError(null)}>
          {tErrors(error)}
        </Flash>
      )}
      <div className={styles.actions}>
        <Link prefetch={false} href="/" className="button">
          {t('mistake')}
        </Link>
        <button
          type="button"
          className={styles.cancelButton}
          onClick={confirm}
          disabled={status === 'sending'}
        >
          {status === 'sending' ? <Spinner label={t('sending')} /> : t('confirm')}
        </button>
      </div>
    </div>
  );
}
