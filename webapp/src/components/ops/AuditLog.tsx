'use client';

import { useCallback, useState, type FormEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { ops, type OpsAuditEntry, type OpsResult } from '@/lib/api/ops';
import type { components } from '@/lib/api/schema';
import { useLoaded } from '@/components/common/useLoaded';
import OpsError from './OpsError';
import { useOpsForm } from './useOpsForm';

type Entry = OpsAuditEntry;

export default function AuditLog() {
  const t = useTranslations('Ops.audit');
  const format = useFormatter();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const {
    ref: formRef,
    check,
    refused,
    fieldProps,
    fieldError,
    alertId,
  } = useOpsForm<HTMLDivElement>('ops-audit');

  const load = useCallback(
    async (wanted: Record<string, string>, beforeId?: number, asked = false) => {
      // The filters the form checked (digits only); each empty one is left out.
      const query = Object.fromEntries(
        Object.entries(wanted)
          .filter(([, v]) => v)
          .map(([k, v]) => [k, Number(v)]),
      );
      if (beforeId) query.beforeId = beforeId;
      const result = await ops.GET('/ops/v1/audit', { params: { query } });
      if (!result.ok) {
        // A refused filter (not the first load) takes the focus to why.
        if (asked) refused(result.message);
        setError(result.message);
        return;
      }
      setError(null);
      setEntries((shown) => (beforeId ? [...shown, ...result.data.entries] : result.data.entries));
    },
    [refused],
  );

  const fetchFirst = useCallback(() => ops.GET('/ops/v1/audit'), []);
  const showFirst = useCallback((result: OpsResult<components['schemas']['OpsAuditEntries']>) => {
    setError(result.ok ? null : result.message);
    if (result.ok) setEntries(result.data.entries);
  }, []);
  useLoaded(fetchFirst, showFirst);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check(event.currentTarget)) return;
    const form = new FormData(event.currentTarget);
    const wanted = {
      staffId: String(form.get('staffId') ?? ''),
      accountId: String(form.get('accountId') ?? ''),
    };
    setFilters(wanted);
    void load(wanted, undefined, true);
  }

  return (
    <section className="ops-card">
      <h1>{t('heading')}</h1>
      <div ref={formRef}>
        <form className="ops-inline" onSubmit={filter} noValidate>
          <label>
            {t('staffId')}
            <input {...fieldProps('staffId')} inputMode="numeric" pattern="[0-9]*" />
          </label>
          {fieldError('staffId')}
          <label>
            {t('accountId')}
            <input {...fieldProps('accountId')} inputMode="numeric" pattern="[0-9]*" />
          </label>
          {fieldError('accountId')}
          <button type="submit">{t('filter')}</button>
        </form>
        <OpsError id={alertId} message={error} />
      </div>
      <table className="ops-table">
        <thead>
          <tr>
            <th>{t('colWhen')}</th>
            <th>{t('colWho')}</th>
            <th>{t('colAction')}</th>
            <th>{t('colTarget')}</th>
            <th>{t('colReason')}</th>
            <th>{t('colOutcome')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>
                {format.dateTime(new Date(e.at), { dateStyle: 'medium', timeStyle: 'medium' })}
              </td>
              <td>{e.staffEmail ?? ''}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td>{e.accountId ? `${e.target ?? ''} (${e.accountId})` : (e.target ?? '')}</td>
              <td>{e.reason ?? ''}</td>
              <td>{t(`outcome_${e.outcome}` as Parameters<typeof t>[0])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length > 0 && entries.length % 50 === 0 && (
        <button type="button" onClick={() => load(filters, entries[entries.length - 1].id)}>
          {t('more')}
        </button>
      )}
    </section>
  );
}
