'use client';

import { useState, type FormEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { ops, type OpsSearchResult } from '@/lib/api/ops';
import OpsError from './OpsError';
import { useOpsForm } from './useOpsForm';

export const SEARCH_KINDS = [
  'email',
  'name',
  'phone',
  'subscription',
  'gateway',
  'coupon',
] as const;

type Result = OpsSearchResult;

export default function ParentSearch() {
  const t = useTranslations('Ops.search');
  const format = useFormatter();
  const [results, setResults] = useState<Result[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    ref: formRef,
    check,
    refused,
    fieldProps,
    fieldError,
    alertId,
  } = useOpsForm<HTMLDivElement>('ops-search');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check(event.currentTarget)) return;
    const form = new FormData(event.currentTarget);
    const query = {
      by: String(form.get('by')) as (typeof SEARCH_KINDS)[number],
      q: String(form.get('q')),
    };
    const result = await ops.GET('/ops/v1/parents', { params: { query } });
    if (!result.ok) {
      refused(result.message);
      setError(result.message);
      setResults(null);
      return;
    }
    setError(null);
    setResults(result.data.results);
  }

  return (
    <section className="ops-card">
      <h1>{t('heading')}</h1>
      <div ref={formRef}>
        <form className="ops-inline" onSubmit={submit} noValidate>
          <label>
            {t('by')}
            <select name="by" defaultValue="email">
              {SEARCH_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`by_${kind}` as Parameters<typeof t>[0])}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('query')}
            <input {...fieldProps('q')} required maxLength={100} />
          </label>
          {fieldError('q')}
          <button type="submit">{t('submit')}</button>
        </form>
        <OpsError id={alertId} message={error} />
      </div>
      {results && results.length === 0 && <p>{t('noResults')}</p>}
      {results && results.length > 0 && (
        <table className="ops-table">
          <thead>
            <tr>
              <th>{t('colEmail')}</th>
              <th>{t('colName')}</th>
              <th>{t('colPartner')}</th>
              <th>{t('colCreated')}</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link prefetch={false} href={`/ops/parents/${r.id}`}>
                    <bdi>{r.email}</bdi>
                  </Link>
                  {r.deletedAt && <span className="ops-badge">{t('erased')}</span>}
                </td>
                <td>
                  <bdi>{r.name}</bdi>
                </td>
                <td>
                  <bdi>{r.partner ?? ''}</bdi>
                </td>
                <td>{format.dateTime(new Date(r.createdAt), { dateStyle: 'medium' })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
