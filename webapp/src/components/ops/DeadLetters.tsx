'use client';

import { useCallback, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { ops, type OpsDeadLetter, type OpsResult } from '@/lib/api/ops';
import type { components } from '@/lib/api/schema';
import { useLoaded } from '@/components/common/useLoaded';
import OpsError from './OpsError';
import { useOpsForm } from './useOpsForm';

type Letter = OpsDeadLetter;
type Letters = OpsResult<components['schemas']['OpsDeadLetters']>;

const fetchLetters = () => ops.GET('/ops/v1/outbox/dead');

export default function DeadLetters() {
  const t = useTranslations('Ops.dead');
  const format = useFormatter();
  const [letters, setLetters] = useState<Letter[] | null>(null);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const {
    ref: listRef,
    refused,
    fieldProps,
    fieldError,
    alertId,
  } = useOpsForm<HTMLElement>('ops-dead');

  const show = useCallback((result: Letters) => {
    if (result.ok) setLetters(result.data.entries);
    else setError(result.message);
  }, []);
  const load = async () => show(await fetchLetters());

  useLoaded(fetchLetters, show);

  async function act(id: number, action: 'retry' | 'discard') {
    const init = { params: { path: { message_id: id } }, body: { reason: reasons[id] ?? '' } };
    const result = await (action === 'retry'
      ? ops.POST('/ops/v1/outbox/{message_id}/retry', init)
      : ops.POST('/ops/v1/outbox/{message_id}/discard', init));
    if (!result.ok) refused(result.message, `d${id}`);
    setError(result.ok ? null : result.message);
    await load();
  }

  return (
    <section ref={listRef} className="ops-card">
      <h1>{t('heading')}</h1>
      <OpsError id={alertId} message={error} />
      {letters && letters.length === 0 && <p>{t('empty')}</p>}
      {letters && letters.length > 0 && (
        <table className="ops-table">
          <thead>
            <tr>
              <th>{t('colId')}</th>
              <th>{t('colKind')}</th>
              <th>{t('colAttempts')}</th>
              <th>{t('colDeadAt')}</th>
              <th>{t('colError')}</th>
              <th>{t('reason')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {letters.map((l) => (
              <tr key={l.id}>
                <td>{l.id}</td>
                <td>
                  <code>
                    {l.kind}/{l.topic}
                  </code>
                </td>
                <td>{l.attempts}</td>
                <td>
                  {format.dateTime(new Date(l.deadAt), { dateStyle: 'medium', timeStyle: 'short' })}
                </td>
                <td>{l.lastError ?? ''}</td>
                <td>
                  <input
                    {...fieldProps('reason', `d${l.id}`)}
                    aria-label={t('reason')}
                    value={reasons[l.id] ?? ''}
                    onChange={(e) => setReasons({ ...reasons, [l.id]: e.target.value })}
                  />
                  {fieldError('reason', `d${l.id}`)}
                </td>
                <td>
                  <button type="button" onClick={() => act(l.id, 'retry')}>
                    {t('retry')}
                  </button>
                  <button type="button" onClick={() => act(l.id, 'discard')}>
                    {t('discard')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
