'use client';

import { useCallback, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { may, ops, type OpsGrantRequest, type OpsResult } from '@/lib/api/ops';
import type { components } from '@/lib/api/schema';
import { useLoaded } from '@/components/common/useLoaded';
import OpsError from './OpsError';
import { useSignedInStaff } from './useSignedInStaff';
import { useOpsForm } from './useOpsForm';

type Requests = OpsResult<components['schemas']['OpsGrantRequests']>;

const fetchRequests = () => ops.GET('/ops/v1/grant-requests');

/**
 * Grants above a member's limit, waiting for a second member of a higher role
 * (docs/operator-console.md#grant-limits-and-four-eyes). Those who may decide get a reason field and
 * Approve / Reject; the asker never decides their own.
 */
export default function GrantRequests() {
  const t = useTranslations('OpsGrants');
  const format = useFormatter();
  const staff = useSignedInStaff() ?? null;
  const [requests, setRequests] = useState<OpsGrantRequest[] | null>(null);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const { ref, refused, fieldProps, fieldError, alertId } = useOpsForm<HTMLElement>('ops-grants');

  const show = useCallback((result: Requests) => {
    if (result.ok) setRequests(result.data.requests);
    else setError(result.message);
  }, []);
  useLoaded(fetchRequests, show);

  async function decide(id: number, decision: 'approve' | 'reject') {
    const init = { params: { path: { request_id: id } }, body: { reason: reasons[id] ?? '' } };
    const result = await (decision === 'approve'
      ? ops.POST('/ops/v1/grant-requests/{request_id}/approve', init)
      : ops.POST('/ops/v1/grant-requests/{request_id}/reject', init));
    if (!result.ok) refused(result.message, `g${id}`);
    setError(result.ok ? null : result.message);
    show(await fetchRequests());
  }

  const decides = may(staff, 'grants.approve');
  return (
    <section ref={ref} className="ops-card">
      <h1>{t('title')}</h1>
      <OpsError id={alertId} message={error} />
      {requests && requests.length === 0 && <p>{t('empty')}</p>}
      {requests && requests.length > 0 && (
        <table className="ops-table">
          <thead>
            <tr>
              <th>{t('parent')}</th>
              <th>{t('duration')}</th>
              <th>{t('requestedBy')}</th>
              <th>{t('reason')}</th>
              <th>{t('status')}</th>
              {decides && <th>{t('decisionReason')}</th>}
              {decides && <th />}
            </tr>
          </thead>
          <tbody>
            {requests.map((r) => (
              <tr key={r.id} data-testid={`grant-request-${r.id}`}>
                <td>
                  <Link prefetch={false} href={`/ops/parents/${r.accountId}`}>
                    {r.accountId}
                  </Link>
                </td>
                <td>
                  <code>{r.durationCode}</code> · {t('days', { count: r.days })}
                </td>
                <td>
                  <bdi>{r.requestedByEmail}</bdi> ·{' '}
                  {format.dateTime(new Date(r.createdAt), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </td>
                <td>
                  <bdi>{r.reason}</bdi>
                </td>
                <td>{t(`status_${r.status}` as Parameters<typeof t>[0])}</td>
                {decides && r.requestedBy === staff?.id && <td colSpan={2}>{t('own')}</td>}
                {decides && r.requestedBy !== staff?.id && (
                  <>
                    <td>
                      <input
                        {...fieldProps('reason', `g${r.id}`)}
                        aria-label={t('decisionReason')}
                        maxLength={500}
                        value={reasons[r.id] ?? ''}
                        onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })}
                      />
                      {fieldError('reason', `g${r.id}`)}
                    </td>
                    <td>
                      <button type="button" onClick={() => decide(r.id, 'approve')}>
                        {t('approve')}
                      </button>
                      <button type="button" onClick={() => decide(r.id, 'reject')}>
                        {t('reject')}
                      </button>
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
