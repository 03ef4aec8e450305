'use client';

import { useCallback, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { useLoaded } from '@/components/common/useLoaded';
import { ops, staffCsv, type OpsDeclaration, type OpsResult } from '@/lib/api/ops';
import type { components } from '@/lib/api/schema';
import { download } from './csv';
import OpsError from './OpsError';
import { useOpsForm } from './useOpsForm';

type Declaration = OpsDeclaration;
type Entries = OpsResult<components['schemas']['OpsDeclarations']>;
const STATUSES = ['unmatched', 'matched', 'done'] as const;
type Status = (typeof STATUSES)[number] | '';

type Kind = 'cancellation' | 'withdrawal';
// Each kind numbers its own rows (docs/operator-console.md#public-declarations): a row is known by kind and id.
const rowKey = (d: Declaration) => `${d.kind === 'withdrawal' ? 'w' : 'c'}${d.id}`;
const markHandled = (d: Declaration, reason: string) =>
  d.kind === 'withdrawal'
    ? ops.POST('/ops/v1/declarations/withdrawals/{withdrawal_id}/handled', {
        params: { path: { withdrawal_id: d.id } },
        body: { reason },
      })
    : ops.POST('/ops/v1/declarations/{declaration_id}/handled', {
        params: { path: { declaration_id: d.id } },
        body: { reason },
      });
const list = (status: Status) =>
  ops.GET('/ops/v1/declarations', { params: { query: status ? { status } : {} } });

/** The export for an authority's request: the API's CSV of the declarations shown (docs/operator-console.md). */
const declarationsCsv = (status: Status) =>
  staffCsv('/declarations', { ...(status ? { status } : {}), format: 'csv' });

/**
 * The queue of public declarations (docs/operator-console.md#public-declarations): cancellations made without
 * logging in and withdrawals, matched to an account or waiting for a person, each with what was declared and
 * what became of it.
 */
export default function Declarations() {
  const t = useTranslations('OpsDeclarations');
  const format = useFormatter();
  const [status, setStatus] = useState<Status>('');
  const [entries, setEntries] = useState<Declaration[] | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const { ref, refused, fieldProps, fieldError, alertId } = useOpsForm<HTMLElement>('ops-decl');

  const show = useCallback((result: Entries) => {
    if (result.ok) setEntries(result.data.entries);
    else setError(result.message);
  }, []);
  const fetchFirst = useCallback(() => list(''), []);
  useLoaded(fetchFirst, show);

  async function filter(next: Status) {
    setStatus(next);
    show(await list(next));
  }

  async function handle(d: Declaration) {
    const key = rowKey(d);
    const result = await markHandled(d, reasons[key] ?? '');
    if (!result.ok) refused(result.message, `h${key}`);
    setError(result.ok ? null : result.message);
    show(await list(status));
  }

  async function exportCsv() {
    const text = await declarationsCsv(status);
    if (text === null) setError('somethingWentWrong');
    else download(`lumo-declarations${status ? `-${status}` : ''}.csv`, text);
  }

  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

  return (
    <section ref={ref} className="ops-card">
      <h1>{t('title')}</h1>
      <OpsError id={alertId} message={error} />
      <div>
        <label>
          {t('status')}{' '}
          <select value={status} onChange={(e) => filter(e.target.value as Status)}>
            <option value="">{t('all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={exportCsv}>
          {t('csv')}
        </button>
      </div>
      {entries && entries.length === 0 && <p>{t('empty')}</p>}
      {entries && entries.length > 0 && (
        <table className="ops-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('kind')}</th>
              <th>{t('received')}</th>
              <th>{t('declaration')}</th>
              <th>{t('outcome')}</th>
              <th>{t('status')}</th>
              <th>{t('reason')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((d) => (
              <tr key={rowKey(d)}>
                <td>{d.id}</td>
                <td>{t(`kinds.${d.kind as Kind}`)}</td>
                <td>{when(d.receivedAt)}</td>
                <td>
                  <code>
                    {[
                      d.termination,
                      d.reason,
                      d.name,
                      d.email,
                      d.reference,
                      d.kind === 'withdrawal' ? null : (d.endWanted ?? 'earliest'),
                      `${d.language}/${d.country}`,
                      d.wordingVersion,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </code>
                </td>
                <td>
                  <code>
                    {d.outcome
                      .map(
                        (o) => `${o.subscriptionId}:${o.action}${o.endDate ? `@${o.endDate}` : ''}`,
                      )
                      .join(', ')}
                  </code>
                </td>
                <td>{t(`statuses.${d.status as Exclude<Status, ''>}`)}</td>
                <td>
                  {d.status === 'done' ? (
                    t('handledBy', {
                      who: d.handledBy ?? '',
                      date: d.handledAt ? when(d.handledAt) : '',
                      reason: d.handledReason ?? '',
                    })
                  ) : (
                    <>
                      <input
                        {...fieldProps('reason', `h${rowKey(d)}`)}
                        aria-label={`${t('reason')} ${t(`kinds.${d.kind as Kind}`)} #${d.id}`}
                        value={reasons[rowKey(d)] ?? ''}
                        onChange={(e) => setReasons({ ...reasons, [rowKey(d)]: e.target.value })}
                      />
                      {fieldError('reason', `h${rowKey(d)}`)}
                      <button type="button" onClick={() => handle(d)}>
                        {t('handle')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
