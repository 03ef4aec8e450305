'use client';

import { useEffect, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { toCsv, download } from './csv';
import { ops, type OpsRevenue, type OpsCohort, type OpsFunnelDay } from '@/lib/api/ops';
import OpsError from './OpsError';
import OssExport from './OssExport';

type Overview = OpsRevenue;
type Cohort = OpsCohort;
type FunnelRow = OpsFunnelDay;
const STEPS = ['startFreeTrial', 'clickRegister', 'registered', 'paymentDone'] as const;
const STEP_COLOURS = ['#1c4fd8', '#0f7b6c', '#8a5a00', '#b3261e'];

export default function Revenue() {
  const t = useTranslations('Ops.revenue');
  const format = useFormatter();
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cohorts, setCohorts] = useState<Cohort[]>([]);
  const [funnel, setFunnel] = useState<FunnelRow[]>([]);

  useEffect(() => {
    void ops
      .GET('/ops/v1/revenue')
      .then((result) => (result.ok ? setData(result.data) : setError(result.message)));
    void ops
      .GET('/ops/v1/revenue/cohorts', { params: { query: { weeks: 12 } } })
      .then((r) => r.ok && setCohorts(r.data.entries));
    void ops
      .GET('/ops/v1/revenue/funnel', { params: { query: { days: 30 } } })
      .then((r) => r.ok && setFunnel(r.data.entries));
  }, []);

  if (!data) return <OpsError message={error} />;
  const liveHeader = [
    t('colChannel'),
    t('colApp'),
    t('colPlan'),
    t('colCurrency'),
    t('colState'),
    t('colCount'),
  ];
  const liveRows = data.activeByPlan.map((r) => [
    r.storeId,
    r.subscriptionType,
    r.paymentPlanId,
    r.currency,
    r.paymentStateId,
    r.count,
  ]);
  const churnHeader = [t('colMonth'), t('cancellations'), t('expiries')];
  const churnRows = data.churnByMonth.map((r) => [r.month, r.cancellations, r.expiries]);
  const percent = (rate: string) =>
    format.number(Number(rate), { style: 'percent', maximumFractionDigits: 1 });
  const money = (amount: string | null, currency: string | null) =>
    amount !== null && currency
      ? format.number(Number(amount), { style: 'currency', currency })
      : '—';
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });
  const pastDueHeader = [
    t('colSubscription'),
    t('colParent'),
    t('colApp'),
    t('colAmount'),
    t('colSince'),
    t('colAccessEnds'),
  ];
  const recoveryHeader = [
    t('colMonth'),
    t('colCurrency'),
    t('wentPastDue'),
    t('recovered'),
    t('recoveredAmount'),
    t('recoveryRate'),
  ];
  const recoveryRows = data.recoveryByMonth.map((r) => [
    r.month,
    r.currency,
    r.wentPastDue,
    r.recovered,
    r.recoveredAmount,
    r.rate,
  ]);
  const cohortHeader = [t('colWeek'), t('trialsStarted'), t('converted'), t('rate')];
  const cohortRows = cohorts.map((c) => [c.week, c.trials, c.converted, c.rate]);
  const originLabel = (origin: string) => (origin === 'Ads' ? t('originAds') : t('originOrganic'));
  const funnelHeader = [
    t('colDay'),
    t('colOrigin'),
    t('colCampaign'),
    ...STEPS.map((step) => t(step)),
  ];
  const funnelRows = funnel.map((r) => [
    r.day,
    r.origin,
    r.campaign,
    ...STEPS.map((step) => r[step]),
  ]);
  const byDay = Object.values(
    funnel.reduce<Record<string, Record<string, number | string>>>((days, r) => {
      const day = (days[r.day] ??= {
        day: r.day,
        startFreeTrial: 0,
        clickRegister: 0,
        registered: 0,
        paymentDone: 0,
      });
      for (const step of STEPS) day[step] = Number(day[step]) + r[step];
      return days;
    }, {}),
  ).reverse();
  return (
    <div className="ops-parent">
      <section className="ops-card">
        <h1>{t('heading')}</h1>
        <h2>{t('mrr')}</h2>
        <ul data-testid="mrr">
          {data.mrr.map((m) => (
            <li key={m.currency}>
              {format.number(Number(m.amount), { style: 'currency', currency: m.currency })}
            </li>
          ))}
        </ul>
        <p>{t('trials', { count: data.trialsRunning })}</p>
      </section>
      <section className="ops-card">
        <h2>{t('live')}</h2>
        <table className="ops-table">
          <thead>
            <tr>
              {liveHeader.map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {liveRows.map((row, i) => (
              <tr key={i}>
                {row.map((v, j) => (
                  <td key={j}>{v ?? '—'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          onClick={() => download('lumo-live-subscriptions.csv', toCsv(liveHeader, liveRows))}
        >
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
            <Bar
              dataKey="cancellations"
              name={t('cancellations')}
              fill="#1c4fd8"
              isAnimationActive={false}
            />
            <Bar dataKey="expiries" name={t('expiries')} fill="#b3261e" isAnimationActive={false} />
          </BarChart>
        </div>
        <table className="ops-table">
          <thead>
            <tr>
              {churnHeader.map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {churnRows.map((row) => (
              <tr key={row[0]}>
                {row.map((v, j) => (
                  <td key={j}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          onClick={() => download('lumo-churn.csv', toCsv(churnHeader, churnRows))}
        >
          {t('download')}
        </button>
      </section>
      <section className="ops-card" data-testid="past-due">
        <h2>{t('pastDue')}</h2>
        {data.pastDue.length === 0 ? (
          <p>{t('noPastDue')}</p>
        ) : (
          <table className="ops-table">
            <thead>
              <tr>
                {pastDueHeader.map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.pastDue.map((p) => (
                <tr key={p.subscriptionId}>
                  <td>#{p.subscriptionId}</td>
                  <td>#{p.accountId}</td>
                  <td>{p.subscriptionType}</td>
                  <td>{money(p.amount, p.currency)}</td>
                  <td>{day(p.since)}</td>
                  <td>{day(p.accessEnds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="ops-card" data-testid="recovery">
        <h2>{t('recovery')}</h2>
        <table className="ops-table">
          <thead>
            <tr>
              {recoveryHeader.map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.recoveryByMonth.map((r) => (
              <tr key={`${r.month}|${r.currency}`}>
                <td>{r.month}</td>
                <td>{r.currency ?? '—'}</td>
                <td>{r.wentPastDue}</td>
                <td>{r.recovered}</td>
                <td>{money(r.recoveredAmount, r.currency)}</td>
                <td>{percent(r.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          onClick={() => download('lumo-recovery.csv', toCsv(recoveryHeader, recoveryRows))}
        >
          {t('download')}
        </button>
      </section>
      <section className="ops-card" data-testid="cohorts">
        <h2>{t('cohorts')}</h2>
        <div className="ops-chart" dir="ltr">
          <BarChart width={720} height={260} data={cohorts}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar
              dataKey="trials"
              name={t('trialsStarted')}
              fill="#1c4fd8"
              isAnimationActive={false}
            />
            <Bar
              dataKey="converted"
              name={t('converted')}
              fill="#0f7b6c"
              isAnimationActive={false}
            />
          </BarChart>
        </div>
        <table className="ops-table">
          <thead>
            <tr>
              {cohortHeader.map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cohorts.map((c) => (
              <tr key={c.week}>
                <td>{c.week}</td>
                <td>{c.trials}</td>
                <td>{c.converted}</td>
                <td>{percent(c.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          onClick={() => download('lumo-trial-cohorts.csv', toCsv(cohortHeader, cohortRows))}
        >
          {t('download')}
        </button>
      </section>
      <section className="ops-card" data-testid="funnel">
        <h2>{t('funnel')}</h2>
        <div className="ops-chart" dir="ltr">
          <BarChart width={720} height={260} data={byDay}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {STEPS.map((step, i) => (
              <Bar
                key={step}
                dataKey={step}
                name={t(step)}
                fill={STEP_COLOURS[i]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </div>
        <table className="ops-table">
          <thead>
            <tr>
              {funnelHeader.map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {funnel.map((r) => (
              <tr key={`${r.day}|${r.origin}|${r.campaign}`}>
                <td>{r.day}</td>
                <td>{originLabel(r.origin)}</td>
                <td>{r.campaign || '—'}</td>
                {STEPS.map((step) => (
                  <td key={step}>{r[step]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          onClick={() => download('lumo-funnel.csv', toCsv(funnelHeader, funnelRows))}
        >
          {t('download')}
        </button>
      </section>
      <OssExport />
    </div>
  );
}
