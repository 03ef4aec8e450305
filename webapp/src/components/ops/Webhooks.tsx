'use client';

import { useCallback, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { may, ops, type OpsWebhookEvent, type OpsResult } from '@/lib/api/ops';
import type { components } from '@/lib/api/schema';
import { useLoaded } from '@/components/common/useLoaded';
import OpsError from './OpsError';
import { useSignedInStaff } from './useSignedInStaff';
import { useOpsForm } from './useOpsForm';

type Hook = OpsWebhookEvent;

/** The payment gateway's webhooks as applied (finance, admin), and replaying one (admin, with a reason). */
export default function Webhooks() {
  const t = useTranslations('Ops.webhooks');
  const format = useFormatter();
  const [hooks, setHooks] = useState<Hook[] | null>(null);
  const staff = useSignedInStaff() ?? null;
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const {
    ref: listRef,
    refused,
    fieldProps,
    fieldError,
    alertId,
  } = useOpsForm<HTMLElement>('ops-webhooks');
  const [done, setDone] = useState(false);
  const whenTime = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  const fetchList = useCallback(() => ops.GET('/ops/v1/webhooks'), []);
  const show = useCallback((result: OpsResult<components['schemas']['OpsWebhookEvents']>) => {
    if (result.ok) setHooks(result.data.entries);
    else setError(result.message);
  }, []);
  const load = useCallback(async () => show(await fetchList()), [fetchList, show]);
  useLoaded(fetchList, show);

  async function replay(id: number) {
    setDone(false);
    const result = await ops.POST('/ops/v1/webhooks/{event_id}/replay', {
      params: { path: { event_id: id } },
      body: { reason: reasons[id] ?? '' },
    });
    if (!result.ok) refused(result.message, `w${id}`);
    setError(result.ok ? null : result.message);
    setDone(result.ok);
    await load();
  }

  const canReplay = may(staff, 'webhooks.replay');
  return (
    <section ref={listRef} className="ops-card">
      <h1>{t('heading')}</h1>
      <OpsError id={alertId} message={error} />
      {done && <p role="status">{t('replayed')}</p>}
      {hooks && hooks.length === 0 && <p>{t('empty')}</p>}
      {hooks && hooks.length > 0 && (
        <table className="ops-table">
          <thead>
            <tr>
              <th>{t('colKind')}</th>
              <th>{t('colGateway')}</th>
              <th>{t('colOccurred')}</th>
              <th>{t('colReceived')}</th>
              <th>{t('colCharge')}</th>
              <th>{t('colOutcome')}</th>
              <th>{t('colReplays')}</th>
              {canReplay && <th>{t('reason')}</th>}
              {canReplay && <th />}
            </tr>
          </thead>
          <tbody>
            {hooks.map((h) => (
              <tr key={h.id} data-testid={`webhook-${h.id}`}>
                <td>
                  <code>{h.kind}</code>
                </td>
                <td>
                  <code>{h.gatewayId}</code>
                </td>
                <td>{whenTime(h.occurredAt)}</td>
                <td>{whenTime(h.receivedAt)}</td>
                <td>
                  {h.transactionId ? <code>{h.transactionId}</code> : '—'}
                  {h.amount && h.currency
                    ? ` · ${format.number(Number(h.amount), { style: 'currency', currency: h.currency })}`
                    : ''}
                </td>
                <td>{h.outcome ? t(`outcome_${h.outcome}` as Parameters<typeof t>[0]) : '—'}</td>
                <td>{h.replays}</td>
                {canReplay && (
                  <td>
                    <input
                      {...fieldProps('reason', `w${h.id}`)}
                      aria-label={t('reasonFor', { id: h.id })}
                      value={reasons[h.id] ?? ''}
                      maxLength={500}
                      onChange={(e) => setReasons({ ...reasons, [h.id]: e.target.value })}
                    />
                    {fieldError('reason', `w${h.id}`)}
                  </td>
                )}
                {canReplay && (
                  <td>
                    <button type="button" onClick={() => replay(h.id)}>
                      {t('replay')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
