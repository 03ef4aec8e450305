'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { OpsParentPage } from '@/lib/api/ops';

// The parent page's sections (docs/operator-console.md): what is known of the parent, read only; the
// buttons they hold call back the page's actions.

type Page = OpsParentPage;

/** Dates as the console shows them: a day, or a day and time. */
function useWhen() {
  const format = useFormatter();
  return {
    when: (iso: string | null) =>
      iso ? format.dateTime(new Date(iso), { dateStyle: 'medium' }) : '—',
    whenTime: (iso: string) =>
      format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }),
  };
}

/** The account's facts. */
export function AccountFacts({ page }: { page: Page }) {
  const t = useTranslations('Ops.parent');
  const g = useTranslations('OpsGrants');
  const { when } = useWhen();
  const { account } = page;
  return (
    <section className="ops-card">
      <h1>{t('heading', { id: account.id })}</h1>
      <dl className="ops-facts">
        <dt>{t('email')}</dt>
        <dd>
          <bdi>{account.email}</bdi>
        </dd>
        {account.pendingEmail && (
          <dd className="ops-badge" data-testid="pending-email">
            {g('pendingEmail', { email: account.pendingEmail })}
          </dd>
        )}
        <dt>{t('name')}</dt>
        <dd>
          <bdi>{account.name}</bdi>
        </dd>
        <dt>{t('confirmed')}</dt>
        <dd>{account.isEmailConfirmed ? t('yes') : t('no')}</dd>
        <dt>{t('fake')}</dt>
        <dd>{account.isEmailFake ? t('yes') : t('no')}</dd>
        <dt>{t('partner')}</dt>
        <dd>{account.partner ? <bdi>{account.partner}</bdi> : '—'}</dd>
        <dt>{t('language')}</dt>
        <dd>{account.language}</dd>
        <dt>{t('created')}</dt>
        <dd>{when(account.createdAt)}</dd>
        <dt>{t('children')}</dt>
        <dd>{page.childProfiles}</dd>
        <dt>{t('tvLinks')}</dt>
        <dd>{page.tvLinks.length}</dd>
      </dl>
      {account.deletedAt && (
        <p className="ops-badge">{t('erasedOn', { date: when(account.deletedAt) })}</p>
      )}
    </section>
  );
}

/** The subscriptions, each with its cancel buttons when `canCancel`. */
export function SubscriptionsTable({
  page,
  canCancel,
  onCancel,
}: {
  page: Page;
  canCancel: boolean;
  onCancel(subscriptionId: number, when: 'now' | 'period_end'): void;
}) {
  const t = useTranslations('Ops.parent');
  const a = useTranslations('Ops.actions');
  const { when } = useWhen();
  return (
    <section className="ops-card">
      <h2>{t('subscriptions')}</h2>
      {page.subscriptions.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <table className="ops-table">
          <thead>
            <tr>
              <th>{t('colId')}</th>
              <th>{t('colType')}</th>
              <th>{t('colStore')}</th>
              <th>{t('colState')}</th>
              <th>{t('colEnd')}</th>
              <th>{t('colCancel')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {page.subscriptions.map((s) => (
              <tr key={s.id} data-testid={`subscription-${s.id}`}>
                <td>{s.id}</td>
                <td>{s.subscriptionType}</td>
                <td>{s.storeId}</td>
                <td>{s.paymentStateId}</td>
                <td>{when(s.endDate)}</td>
                <td>{t(`cancel_${s.cancel.method}` as Parameters<typeof t>[0])}</td>
                <td>
                  {canCancel && s.visible && !s.isExpired && (
                    <>
                      {s.isRenewing && (
                        <button type="button" onClick={() => onCancel(s.id, 'period_end')}>
                          {a('cancelEnd')}
                        </button>
                      )}
                      <button type="button" onClick={() => onCancel(s.id, 'now')}>
                        {a('cancelNow')}
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

/** Failed logins and the live sessions, each revocable when `onRevoke` is given. */
export function SecuritySection({
  page,
  onRevoke,
}: {
  page: Page;
  onRevoke?: (sessionId: number) => void;
}) {
  const t = useTranslations('Ops.parent');
  const { whenTime } = useWhen();
  return (
    <section className="ops-card">
      <h2>{t('security')}</h2>
      <p>{t('failures', { count: page.throttle.failures })}</p>
      {page.throttle.blocked && page.throttle.blockedUntil && (
        <p>{t('blocked', { date: whenTime(page.throttle.blockedUntil) })}</p>
      )}
      <h3>{t('sessions', { count: page.sessions.length })}</h3>
      <ul>
        {page.sessions.map((s) => (
          <li key={s.id}>
            {whenTime(s.createdAt)} · {s.payload ? t('tv') : t('web')}{' '}
            {onRevoke && (
              <button type="button" onClick={() => onRevoke(s.id)}>
                {t('revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Coupons, e-mails, consents, the console's audit of this parent and the timeline. */
export function ParentRecords({ page }: { page: Page }) {
  const t = useTranslations('Ops.parent');
  const { when, whenTime } = useWhen();
  const stateLabel = (state: string) =>
    state === 'granted' || state === 'withdrawn'
      ? t(state)
      : t(`status_${state}` as Parameters<typeof t>[0]);
  return (
    <>
      <section className="ops-card">
        <h2>{t('coupons')}</h2>
        <ul>
          {page.couponsRedeemed.map((c) => (
            <li key={c.code}>
              {c.code} · {when(c.redeemedAt)}
            </li>
          ))}
        </ul>
        <h2>{t('emails')}</h2>
        <ul>
          {page.emails.map((e) => (
            <li key={e.id}>
              {whenTime(e.createdAt)} · <code>{e.topic}</code> ·{' '}
              {t(`status_${e.status}` as Parameters<typeof t>[0])}
            </li>
          ))}
        </ul>
        <h2>{t('consents')}</h2>
        <ul>
          {page.consents.map((c, i) => (
            <li key={i}>
              {when(c.at)} · <code>{c.kind}</code> {c.version} ·{' '}
              {c.granted ? t('granted') : t('withdrawn')}
            </li>
          ))}
        </ul>
      </section>

      <section className="ops-card">
        <h2>{t('audit')}</h2>
        <ul data-testid="parent-audit">
          {page.audit.map((e) => (
            <li key={e.id}>
              {whenTime(e.at)} · <code>{e.action}</code> · {e.staffEmail ?? ''}{' '}
              {e.reason ? `· ${e.reason}` : ''}
            </li>
          ))}
        </ul>
        <h2>{t('timeline')}</h2>
        <ol className="ops-timeline">
          {page.timeline.map((e, i) => (
            <li key={i}>
              {whenTime(e.at)} · <code>{e.kind}</code> {e.detail ?? ''}
              {e.state ? ` · ${stateLabel(e.state)}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
