'use client';

import { useState, type FormEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { may, ops, type OpsCharge, type OpsPaymentHistoryEntry, type Staff } from '@/lib/api/ops';
import OpsError from './OpsError';
import { useOpsForm } from './useOpsForm';

export type Charge = OpsCharge;
export type PaymentEvent = OpsPaymentHistoryEntry;
type Attempt = { charge: Charge; mode: 'refund' | 'void'; key: string };

/** A fresh operation key per attempt: a double click or a retry of the same attempt is the same refund. */
export function operationKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The parent's charges with refund and void (finance and admin: docs/operator-console.md), and their history. */
export default function PaymentHistory({
  accountId,
  staff,
  charges,
  events,
  onChanged,
}: {
  accountId: number;
  staff: Staff | null;
  charges: Charge[];
  events: PaymentEvent[];
  onChanged: () => Promise<void>;
}) {
  const t = useTranslations('Ops.payments');
  const format = useFormatter();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const {
    ref: dialogRef,
    check,
    refused,
    fieldProps,
    fieldError,
    clear,
    alertId,
  } = useOpsForm('ops-refund');
  const money = (amount: string | null, currency: string | null) =>
    amount === null
      ? '—'
      : currency
        ? format.number(Number(amount), { style: 'currency', currency })
        : amount;
  const whenTime = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const canRefund = may(staff, 'payments.refund');

  function open(charge: Charge, mode: 'refund' | 'void') {
    setError(null);
    setDone(false);
    clear();
    setAttempt({ charge, mode, key: operationKey() });
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!attempt) return;
    setError(null);
    if (!check(event.currentTarget)) return;
    const form = new FormData(event.currentTarget);
    const body = {
      reason: String(form.get('reason') ?? ''),
      operationKey: attempt.key,
      endAccess: form.get('endAccess') === 'on',
    };
    const amount =
      String(form.get('amount') ?? '')
        .trim()
        .replace(',', '.') || null;
    const path = { account_id: accountId, transaction_id: attempt.charge.transactionId };
    setBusy(true);
    const result = await (attempt.mode === 'refund'
      ? ops.POST('/ops/v1/parents/{account_id}/payments/{transaction_id}/refund', {
          params: { path },
          body: { ...body, amount },
        })
      : ops.POST('/ops/v1/parents/{account_id}/payments/{transaction_id}/void', {
          params: { path },
          body,
        }));
    setBusy(false);
    if (!result.ok) {
      refused(result.message);
      setError(result.message);
      return;
    }
    setAttempt(null);
    setDone(true);
    await onChanged();
  }

  return (
    <section className="ops-card" aria-labelledby="ops-payments">
      <h2 id="ops-payments">{t('heading')}</h2>
      {charges.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <table className="ops-table">
          <thead>
            <tr>
              <th>{t('colTransaction')}</th>
              <th>{t('colDate')}</th>
              <th>{t('colAmount')}</th>
              <th>{t('colRefunded')}</th>
              <th>{t('colStatus')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {charges.map((c) => (
              <tr key={c.transactionId} data-testid={`charge-${c.transactionId}`}>
                <td>
                  <code>{c.transactionId}</code>
                </td>
                <td>{whenTime(c.createdAt)}</td>
                <td>{money(c.amount, c.currency)}</td>
                <td>{money(c.refundedAmount, c.currency)}</td>
                <td>{t(`status_${c.status}` as Parameters<typeof t>[0])}</td>
                <td>
                  {canRefund && c.status === 'charged' && Number(c.refundable) > 0 && (
                    <>
                      <button type="button" onClick={() => open(c, 'refund')}>
                        {t('refund')}
                      </button>
                      {Number(c.refundedAmount) === 0 && (
                        <button type="button" onClick={() => open(c, 'void')}>
                          {t('void')}
                        </button>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {attempt && (
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="ops-refund-title"
          className="ops-dialog"
        >
          <h3 id="ops-refund-title">
            {attempt.mode === 'refund'
              ? t('refundTitle', { id: attempt.charge.transactionId })
              : t('voidTitle', {
                  id: attempt.charge.transactionId,
                  amount: money(attempt.charge.amount, attempt.charge.currency),
                })}
          </h3>
          <form ref={dialogRef} className="ops-inline" onSubmit={confirm} noValidate>
            {attempt.mode === 'refund' && (
              <label>
                {t('amount', { max: money(attempt.charge.refundable, attempt.charge.currency) })}
                <input
                  {...fieldProps('amount')}
                  inputMode="decimal"
                  pattern="\d{1,6}([.,]\d{1,2})?"
                  defaultValue={attempt.charge.refundable}
                  required
                />
              </label>
            )}
            {fieldError('amount')}
            <label>
              {t('reason')}
              <input {...fieldProps('reason')} required maxLength={500} />
            </label>
            {fieldError('reason')}
            <label>
              <input name="endAccess" type="checkbox" />
              {t('endAccess')}
            </label>
            <OpsError id={alertId} message={error} />
            <button type="submit" disabled={busy}>
              {attempt.mode === 'refund' ? t('confirmRefund') : t('confirmVoid')}
            </button>
            <button type="button" onClick={() => setAttempt(null)}>
              {t('cancel')}
            </button>
          </form>
        </div>
      )}
      {done && (
        <p role="status" data-testid="payment-done">
          {t('done')}
        </p>
      )}
      <h3>{t('history')}</h3>
      <ol className="ops-timeline" data-testid="payment-history">
        {events.map((e) => (
          <li key={e.id}>
            {whenTime(e.createdAt)} · {t(`kind_${e.kind}` as Parameters<typeof t>[0])} ·{' '}
            <code>{e.transactionId}</code>
            {' · '}
            {money(e.amount, e.currency)} · {t(`event_${e.status}` as Parameters<typeof t>[0])}
            {e.actor ? ` · ${e.actor}` : ''}
            {e.reason ? ` · ${e.reason}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
