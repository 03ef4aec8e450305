'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { download } from './csv';
import { campaignCodesCsv, may, ops, type OpsCampaignReport } from '@/lib/api/ops';
import type { components } from '@/lib/api/schema';
import OpsError from './OpsError';
import { useSignedInStaff } from './useSignedInStaff';
import { useOpsForm } from './useOpsForm';

type Report = OpsCampaignReport;
type Batch = components['schemas']['OpsBatch'];

export const COUPON_TYPES = [
  'UNIQUE_ACCESS_COUPON',
  'UNIQUE_DISCOUNT_COUPON',
  'UNIQUE_COUPON',
] as const;

export default function Campaigns() {
  const t = useTranslations('Ops.campaigns');
  const [prefix, setPrefix] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    ref: reportRef,
    check: checkReport,
    refused: reportRefused,
    fieldProps: reportField,
    fieldError: reportFieldError,
    alertId: reportAlertId,
  } = useOpsForm<HTMLElement>('ops-campaign-report');
  const {
    ref: createRef,
    check: checkCreate,
    refused: createRefused,
    fieldProps: createField,
    fieldError: createFieldError,
    alertId: createAlertId,
  } = useOpsForm<HTMLElement>('ops-campaign-create');
  const [createError, setCreateError] = useState<string | null>(null);
  const canCreate = may(useSignedInStaff() ?? null, 'campaigns.manage');

  async function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!checkReport(event.currentTarget)) return;
    const wanted = String(new FormData(event.currentTarget).get('prefix') ?? '');
    const result = await ops.GET('/ops/v1/campaigns/report', {
      params: { query: { prefix: wanted } },
    });
    if (!result.ok) reportRefused(result.message);
    setError(result.ok ? null : result.message);
    setPrefix(wanted);
    setReport(result.ok ? result.data : null);
  }

  async function codes() {
    const csv = await campaignCodesCsv(prefix);
    if (csv !== null) download(`lumo-${prefix}.csv`, csv);
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCreateError(null);
    setCreated(null);
    if (!checkCreate(event.currentTarget)) return;
    const form = new FormData(event.currentTarget);
    // The fields this form has; the API defaults the others (product, partner, bundle…).
    const body: Partial<Batch> = {
      prefix: form.get('prefix') as string,
      type: form.get('type') as Batch['type'],
      duration: form.get('duration') as string,
      count: Number(form.get('count')),
      reason: form.get('reason') as string | null,
    };
    const result = await ops.POST('/ops/v1/campaigns', { body: body as Batch });
    if (!result.ok) createRefused(result.message);
    setCreateError(result.ok ? null : result.message);
    setCreated(result.ok ? result.data.codes.length : null);
  }

  return (
    <div className="ops-parent">
      <section ref={reportRef} className="ops-card">
        <h1>{t('heading')}</h1>
        <form className="ops-inline" onSubmit={show} noValidate>
          <label>
            {t('prefix')}
            <input {...reportField('prefix')} required maxLength={40} />
          </label>
          {reportFieldError('prefix')}
          <button type="submit">{t('show')}</button>
        </form>
        <OpsError id={reportAlertId} message={error} />
        {report && (
          <>
            <dl className="ops-facts">
              <dt>{t('issued')}</dt>
              <dd>{report.issued}</dd>
              <dt>{t('redeemed')}</dt>
              <dd>{report.redeemed}</dd>
              <dt>{t('converted')}</dt>
              <dd>{report.converted}</dd>
            </dl>
            <div className="ops-chart" dir="ltr">
              <BarChart width={720} height={240} data={report.byDay}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Bar
                  dataKey="redeemed"
                  name={t('redeemed')}
                  fill="#1c4fd8"
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="converted"
                  name={t('converted')}
                  fill="#2e7d32"
                  isAnimationActive={false}
                />
              </BarChart>
            </div>
            <button type="button" onClick={codes}>
              {t('download')}
            </button>
          </>
        )}
      </section>
      {canCreate && (
        <section ref={createRef} className="ops-card">
          <h2>{t('create')}</h2>
          <form className="ops-inline" onSubmit={create} noValidate>
            <label>
              {t('prefix')}
              <input {...createField('prefix')} required pattern="[A-Za-z0-9]{2,20}" />
            </label>
            {createFieldError('prefix')}
            <label>
              {t('type')}
              <select name="type" defaultValue={COUPON_TYPES[0]}>
                {COUPON_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`type_${type}` as Parameters<typeof t>[0])}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('duration')}
              <select name="duration" defaultValue="P1M">
                {[1, 2, 3, 6, 12].map((n) => (
                  <option key={n} value={`P${n}M`}>
                    {t('months', { count: n })}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('count')}
              <input
                {...createField('count')}
                type="number"
                min={1}
                max={10000}
                defaultValue={100}
                required
              />
            </label>
            {createFieldError('count')}
            <label>
              {t('reason')}
              <input {...createField('reason')} maxLength={500} />
            </label>
            {createFieldError('reason')}
            <button type="submit">{t('createSubmit')}</button>
          </form>
          <OpsError id={createAlertId} message={createError} />
          {created !== null && <p role="status">{t('created', { count: created })}</p>}
        </section>
      )}
    </div>
  );
}
