'use client';

import { useEffect, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { toCsv, download } from './csv';
import { opsRequest } from './api';
import OpsError from './OpsError';

type Live = { paymentPlanId: string | null; subscriptionType: string; currency: string | null; storeId: string;
  paymentStateId: string; count: number };
type Overview = { activeByPlan: Live[]; mrr: { currency: string; amount: string }[]; trialsRunning: number;
  churnByMonth: { month: string; cancellations: number; expiries: number }[] };

export default function Revenue() {
  const t = useTranslations('Ops.revenue');
  const format = useFormatter();
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void opsRequest<Overview>('/revenue').then((result) => (result.ok ? setData(result.data) : setError(result.message)));
  }, []);

  if (!data) return <OpsError message={error} />;
  const liveHeader = [t('colChannel'), t('colApp'), t('colPlan'), t('colCurrency'), t('colState'), t('colCount')];
  const liveRows = data.activeByPlan.map((r) => [r.storeId, r.subscriptionType, r.paymentPlanId, r.currency,
    r.paymentStateId, r.count]);
  const churnHeader = [t('colMonth'), t('cancellations'), t('expiries')];
  const churnRows = data.churnByMonth.map((r) => [r.month, r.cancellations, r.expiries]);
  return (
    <div className="ops-parent">
      <section className="ops-card">
        <h1>{t('heading')}</h1>
        <h2>{t('mrr')}</h2>
        <ul data-testid="mrr">
          {data.mrr.map((m) => (
            <li key={m.currency}>{format.number(Number(m.amount), { style: 'currency', currency: m.currency })}</li>
          ))}
        </ul>
        <p>{t('trials', { count: data.trialsRunning })}</p>
      </section>
      <section className="ops-card">
        <h2>{t('live')}</h2>
        <table className="ops-table">
          <thead><tr>{liveHeader.map((h) => <th key={h}>{h}</th>)}</tr></thead>
          <tbody>
            {liveRows.map((row, i) => <tr key={i}>{row.map((v, j) => <td key={j}>{v ?? '—'}</td>)}</tr>)}
          </tbody>
        </table>
        <button type="button" onClick={() => download('lumo-live-subscriptions.csv', toCsv(liveHeader, liveRows))}>
          {t('download')}
        </button>
      </section>
      <section className="ops-card">
        <h2>{t('churn')}</h2>
        <div className="ops-chart" dir="ltr">
          <BarChart width={720} height={260} data={data.churnByMonth}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar dataKey="cancellations" name={t('cancellations')} fill="#1c4fd8" isAnimationActive={false} />
            <Bar dataKey="expiries" name={t('expiries')} fill="#b3261e" isAnimationActive={false} />
          </BarChart>
        </div>
        <table className="ops-table">
          <thead><tr>{churnHeader.map((h) => <th key={h}>{h}</th>)}</tr></thead>
          <tbody>{churnRows.map((row) => <tr key={row[0]}>{row.map((v, j) => <td key={j}>{v}</td>)}</tr>)}</tbody>
        </table>
        <button type="button" onClick={() => download('lumo-churn.csv', toCsv(churnHeader, churnRows))}>
          {t('download')}
        </button>
      </section>
    </div>
  );
}
