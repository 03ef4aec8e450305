'use client';

import { useCallback, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { SITE_STATUS_TTL_MS } from '@/lib/site/status';
import { ops, type OpsResult, type OpsSite } from '@/lib/api/ops';
import { useLoaded } from '@/components/common/useLoaded';
import OpsError from './OpsError';
import { useOpsForm } from './useOpsForm';

type Switches = OpsSite;
type Source = OpsSite['maintenance']['source'];
type Change = OpsSite['history'][number];
type Switch = 'maintenance' | 'holiday-promo';

const fetchSwitches = () => ops.GET('/ops/v1/site');
/** Back to the switch's default (the deployment's setting), with a reason. */
const resetSwitch = (name: Switch, reason: string) =>
  ops.POST('/ops/v1/site/{name}/reset', { params: { path: { name } }, body: { reason } });

/** The runtime switches (admin): maintenance mode and the holiday promotion, each change with a reason. */
export default function SiteSwitches() {
  const t = useTranslations('Ops.site');
  const format = useFormatter();
  const [switches, setSwitches] = useState<Switches | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [maintenanceReason, setMaintenanceReason] = useState('');
  const [promo, setPromo] = useState({ from: '', to: '', coupon: '', reason: '' });
  const {
    ref: switchesRef,
    check,
    refused,
    fieldProps,
    fieldError,
    alertId,
  } = useOpsForm<HTMLDivElement>('ops-site');

  const show = useCallback((result: OpsResult<Switches>) => {
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setSwitches(result.data);
    const { from, to, coupon } = result.data.holidayPromo;
    setPromo((old) => ({ ...old, from: from ?? '', to: to ?? '', coupon: coupon ?? '' }));
  }, []);
  const load = useCallback(async () => show(await fetchSwitches()), [show]);
  useLoaded(fetchSwitches, show);

  /** `scope`: the switch whose fields may be at fault ('maintenance' or 'promo'). */
  async function send(call: () => Promise<OpsResult<unknown>>, scope: string) {
    setDone(false);
    const result = await call();
    if (!result.ok) refused(result.message, scope);
    setError(result.ok ? null : result.message);
    setDone(result.ok);
    if (result.ok) await load();
    return result.ok;
  }

  /** Turns maintenance on or off (`on`), or back to its default (null). */
  async function maintenance(on: boolean | null) {
    const reason = maintenanceReason;
    const call = () =>
      on === null
        ? resetSwitch('maintenance', reason)
        : ops.POST('/ops/v1/site/maintenance', { body: { on, reason } });
    if (await send(call, 'maintenance')) setMaintenanceReason('');
  }

  async function savePromo(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    if (!check(event.currentTarget, 'promo')) return setError(null);
    const body = { from: promo.from, to: promo.to, coupon: promo.coupon, reason: promo.reason };
    if (await send(() => ops.POST('/ops/v1/site/holiday-promo', { body }), 'promo'))
      setPromo((old) => ({ ...old, reason: '' }));
  }

  const day = (iso: string | null) =>
    iso
      ? format.dateTime(new Date(`${iso}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' })
      : '';
  const source = (s: Source) => (s === 'stored' ? t('sourceStored') : t('sourceDefault'));

  function valueText(change: Change): string {
    if (change.value === null) return t('valueDefault');
    if (change.name === 'maintenance') return change.value.on ? t('valueOn') : t('valueOff');
    const v = change.value as { from?: string; to?: string; coupon?: string };
    return `${v.coupon ?? ''} · ${day(v.from ?? null)} – ${day(v.to ?? null)}`;
  }

  if (!switches) {
    return (
      <section className="ops-card">
        <h1>{t('heading')}</h1>
        <OpsError message={error} />
      </section>
    );
  }
  const { maintenance: m, holidayPromo: p } = switches;
  const seconds = Math.round(switches.refreshSeconds + SITE_STATUS_TTL_MS / 1000);
  return (
    <div ref={switchesRef} className="ops-parent">
      <section className="ops-card">
        <h1>{t('heading')}</h1>
        <p>{t('intro', { seconds })}</p>
        <OpsError id={alertId} message={error} />
        {done && <p role="status">{t('done')}</p>}
      </section>
      <section className="ops-card" aria-labelledby="ops-maintenance">
        <h2 id="ops-maintenance">{t('maintenanceHeading')}</h2>
        <p data-testid="maintenance-state" className={m.on ? 'ops-state-on' : undefined}>
          {m.on ? t('maintenanceOn') : t('maintenanceOff')} ({source(m.source)})
        </p>
        <div className="ops-inline">
          <label>
            {t('reason')}
            <input
              {...fieldProps('reason', 'maintenance')}
              value={maintenanceReason}
              onChange={(e) => setMaintenanceReason(e.target.value)}
              maxLength={500}
            />
          </label>
          {fieldError('reason', 'maintenance')}
          <button
            type="button"
            className={m.on ? undefined : 'ops-danger-button'}
            onClick={() => maintenance(!m.on)}
          >
            {m.on ? t('turnOff') : t('turnOn')}
          </button>
          {m.source === 'stored' && (
            <button type="button" onClick={() => maintenance(null)}>
              {t('reset')}
            </button>
          )}
        </div>
      </section>
      <section className="ops-card" aria-labelledby="ops-promo">
        <h2 id="ops-promo">{t('promoHeading')}</h2>
        <p data-testid="promo-state">
          {p.coupon
            ? `${p.coupon} · ${day(p.from)} – ${day(p.to)} · ${
                p.activeToday ? t('promoActive') : t('promoInactive')
              }`
            : t('promoNone')}{' '}
          ({source(p.source)})
        </p>
        <form className="ops-inline" onSubmit={savePromo} noValidate>
          <label>
            {t('promoFrom')}
            <input
              {...fieldProps('from', 'promo')}
              type="date"
              required
              value={promo.from}
              onChange={(e) => setPromo({ ...promo, from: e.target.value })}
            />
          </label>
          {fieldError('from', 'promo')}
          <label>
            {t('promoTo')}
            <input
              {...fieldProps('to', 'promo')}
              type="date"
              required
              value={promo.to}
              onChange={(e) => setPromo({ ...promo, to: e.target.value })}
            />
          </label>
          {fieldError('to', 'promo')}
          <label>
            {t('promoCoupon')}
            <input
              {...fieldProps('coupon', 'promo')}
              required
              value={promo.coupon}
              maxLength={64}
              onChange={(e) => setPromo({ ...promo, coupon: e.target.value })}
            />
          </label>
          {fieldError('coupon', 'promo')}
          <label>
            {t('reason')}
            <input
              {...fieldProps('reason', 'promo')}
              value={promo.reason}
              maxLength={500}
              onChange={(e) => setPromo({ ...promo, reason: e.target.value })}
            />
          </label>
          {fieldError('reason', 'promo')}
          <button type="submit">{t('promoSave')}</button>
          {p.source === 'stored' && (
            <button
              type="button"
              onClick={async () => {
                if (await send(() => resetSwitch('holiday-promo', promo.reason), 'promo'))
                  setPromo((old) => ({ ...old, reason: '' }));
              }}
            >
              {t('reset')}
            </button>
          )}
        </form>
      </section>
      <section className="ops-card" aria-labelledby="ops-switch-history">
        <h2 id="ops-switch-history">{t('historyHeading')}</h2>
        <table className="ops-table">
          <thead>
            <tr>
              <th>{t('colWhen')}</th>
              <th>{t('colSwitch')}</th>
              <th>{t('colValue')}</th>
              <th>{t('colBy')}</th>
              <th>{t('colReason')}</th>
            </tr>
          </thead>
          <tbody>
            {switches.history.map((c, i) => (
              <tr key={`${c.changedAt}-${i}`}>
                <td>
                  {format.dateTime(new Date(c.changedAt), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </td>
                <td>{t(`switch_${c.name as 'maintenance' | 'holiday_promo'}`)}</td>
                <td>{valueText(c)}</td>
                <td>{c.changedBy}</td>
                <td>{c.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
