'use client';

import { useCallback, useState, type FormEvent } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { may, ops, type OpsParentPage, type OpsResult } from '@/lib/api/ops';
import type { paths } from '@/lib/api/schema';
import { useLoaded } from '@/components/common/useLoaded';
import OpsError from './OpsError';
import PaymentHistory from './PaymentHistory';
import { useSignedInStaff } from './useSignedInStaff';
import { useOpsForm } from './useOpsForm';

type Page = OpsParentPage;

/** The parent page's actions: POST /ops/v1/parents/{account_id}/<action>, each with its body's schema. */
type ParentAction =
  | 'resend-confirmation'
  | 'send-reset-link'
  | 'email'
  | 'grant'
  | 'cancel'
  | 'sessions/revoke'
  | 'erase';
type ActionPath<K extends ParentAction> = `/ops/v1/parents/{account_id}/${K}`;
/** The body as the page sends it: the fields the API defaults (reason, product…) may be left out. */
type ActionBody<K extends ParentAction> = Partial<
  NonNullable<paths[ActionPath<K>]['post']['requestBody']>['content']['application/json']
>;

type GrantBody = NonNullable<
  paths['/ops/v1/parents/{account_id}/grant-requests']['post']['requestBody']
>['content']['application/json'];

export const GRANT_DURATIONS = ['P7D', 'P1M', 'P3M', 'P12M'] as const;

export default function ParentPage({ accountId }: { accountId: number }) {
  const t = useTranslations('Ops.parent');
  const a = useTranslations('Ops.actions');
  const g = useTranslations('OpsGrants');
  const format = useFormatter();
  const [page, setPage] = useState<Page | null>(null);
  const staff = useSignedInStaff() ?? null;
  const [error, setError] = useState<{
    message: string;
    max?: number;
    params?: Record<string, number>;
  } | null>(null);
  const [done, setDone] = useState(false);
  /** The grant refused for the parent's limit, which may be sent for a second member's approval. */
  const [overLimit, setOverLimit] = useState<ActionBody<'grant'> | null>(null);
  const [asked, setAsked] = useState(false);
  const {
    ref: actionsRef,
    check,
    refused,
    fieldProps,
    fieldError,
    alertId,
  } = useOpsForm<HTMLElement>('ops-actions');
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium' }) : '—';
  const stateLabel = (state: string) =>
    state === 'granted' || state === 'withdrawn'
      ? t(state)
      : t(`status_${state}` as Parameters<typeof t>[0]);
  const whenTime = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  const fetchPage = useCallback(
    () => ops.GET('/ops/v1/parents/{account_id}', { params: { path: { account_id: accountId } } }),
    [accountId],
  );
  const show = useCallback((result: OpsResult<Page>) => {
    if (result.ok) setPage(result.data);
    else setError({ message: result.message });
  }, []);
  const load = useCallback(async () => show(await fetchPage()), [fetchPage, show]);
  useLoaded(fetchPage, show);

  /** `scope`: the form it was sent from, whose field may be at fault (buttons: none). */
  async function act<K extends ParentAction>(action: K, body: ActionBody<K>, scope = 'buttons') {
    setDone(false);
    // One call for the seven actions: the path is one of them (ParentAction), its body typed above.
    const path = `/ops/v1/parents/{account_id}/${action}` as ActionPath<'email'>;
    const init = { params: { path: { account_id: accountId } }, body };
    const result = await ops.POST(path, init as never);
    if (!result.ok) {
      refused(result.message, scope);
      setError({ message: result.message, max: result.max, params: result.params });
      return false;
    }
    setError(null);
    setDone(true);
    await load();
    return true;
  }

  function reasonOf(form: HTMLFormElement): string {
    return String(new FormData(form).get('reason') ?? '');
  }

  /** The form's own checks first (the field at fault is marked and focused). */
  function checked(event: FormEvent<HTMLFormElement>, scope: string): boolean {
    event.preventDefault();
    setDone(false);
    const ok = check(event.currentTarget, scope);
    if (!ok) setError(null);
    return ok;
  }

  async function grant(event: FormEvent<HTMLFormElement>) {
    if (!checked(event, 'grant')) return;
    const form = new FormData(event.currentTarget);
    const sub = String(form.get('subscriptionId') ?? '');
    const body = {
      duration: form.get('duration') as string,
      reason: form.get('reason') as string | null,
      subscriptionId: sub ? Number(sub) : null,
    };
    setAsked(false);
    const ok = await act('grant', body, 'grant');
    // docs/operator-console.md#grant-limits-and-four-eyes: above the limit, ask a second member.
    setOverLimit(ok ? null : body);
  }

  async function askApproval() {
    if (!overLimit) return;
    const result = await ops.POST('/ops/v1/parents/{account_id}/grant-requests', {
      params: { path: { account_id: accountId } },
      body: overLimit as ActionBody<'grant'> as GrantBody,
    });
    if (!result.ok) {
      setError({ message: result.message, max: result.max, params: result.params });
      return;
    }
    setError(null);
    setOverLimit(null);
    setAsked(true);
  }

  async function erase(event: FormEvent<HTMLFormElement>) {
    if (!checked(event, 'erase')) return;
    const form = new FormData(event.currentTarget);
    const body = {
      confirmation: form.get('confirmation') as string,
      reason: form.get('reason') as string | null,
    };
    await act('erase', body, 'erase');
  }

  async function changeEmail(event: FormEvent<HTMLFormElement>) {
    if (!checked(event, 'email')) return;
    const form = new FormData(event.currentTarget);
    const body = {
      email: form.get('email') as string,
      reason: form.get('reason') as string | null,
    };
    await act('email', body, 'email');
  }

  async function exportData(event: FormEvent<HTMLFormElement>) {
    if (!checked(event, 'export')) return;
    const reason = reasonOf(event.currentTarget);
    const result = await ops.POST('/ops/v1/parents/{account_id}/export', {
      params: { path: { account_id: accountId } },
      body: { reason },
    });
    if (!result.ok) {
      refused(result.message, 'export');
      setError({ message: result.message });
      return;
    }
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(result.data.export, null, 2)], { type: 'application/json' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `lumo-account-${accountId}.json`;
    link.click();
    URL.revokeObjectURL(url);
    setDone(true);
  }

  if (!page) return <OpsError message={error?.message ?? null} />;
  const { account } = page;
  const nonRenewing = page.subscriptions.filter((s) => s.visible && !s.isRenewing);
  return (
    <div className="ops-parent">
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
                    {may(staff, 'parents.cancel') && s.visible && !s.isExpired && (
                      <>
                        {s.isRenewing && (
                          <button
                            type="button"
                            onClick={() =>
                              act('cancel', { subscriptionId: s.id, when: 'period_end' })
                            }
                          >
                            {a('cancelEnd')}
                          </button>
                        )}
                        <button
                          type="button"
                          onClick={() => act('cancel', { subscriptionId: s.id, when: 'now' })}
                        >
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

      <PaymentHistory
        accountId={account.id}
        staff={staff}
        charges={page.payments ?? []}
        events={page.paymentEvents ?? []}
        onChanged={load}
      />

      <section ref={actionsRef} className="ops-card" aria-labelledby="ops-actions">
        <h2 id="ops-actions">{a('heading')}</h2>
        <OpsError
          id={alertId}
          message={error?.message ?? null}
          max={error?.max}
          params={error?.params}
        />
        {done && <p role="status">{a('done')}</p>}
        {overLimit && error?.message === 'grantLimitReached' && (
          <button type="button" onClick={askApproval}>
            {g('ask')}
          </button>
        )}
        {asked && <p role="status">{g('asked')}</p>}
        {may(staff, 'parents.grant') && (
          <form className="ops-inline" onSubmit={grant} noValidate>
            <label>
              {a('duration')}
              <select name="duration" defaultValue="P1M">
                {GRANT_DURATIONS.map((d) => (
                  <option key={d} value={d}>
                    {a(`d_${d}` as Parameters<typeof a>[0])}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {a('target')}
              <select name="subscriptionId" defaultValue="">
                <option value="">{a('newFree')}</option>
                {nonRenewing.map((s) => (
                  <option key={s.id} value={s.id}>
                    {a('extend', { id: s.id })}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {a('reason')}
              <input {...fieldProps('reason', 'grant')} required maxLength={500} />
            </label>
            {fieldError('reason', 'grant')}
            <button type="submit">{a('grant')}</button>
          </form>
        )}
        <div className="ops-inline">
          {may(staff, 'parents.email') && (
            <>
              <button type="button" onClick={() => act('resend-confirmation', {})}>
                {a('resend')}
              </button>
              <button type="button" onClick={() => act('send-reset-link', {})}>
                {a('reset')}
              </button>
            </>
          )}
          {may(staff, 'parents.sessions') && (
            <button type="button" onClick={() => act('sessions/revoke', {})}>
              {a('revokeAll')}
            </button>
          )}
        </div>
        {may(staff, 'parents.change_email') && (
          <form className="ops-inline" onSubmit={changeEmail} noValidate>
            <label>
              {a('newEmail')}
              <input {...fieldProps('email', 'email')} type="email" required />
            </label>
            {fieldError('email', 'email')}
            <label>
              {a('reason')}
              <input {...fieldProps('reason', 'email')} maxLength={500} />
            </label>
            {fieldError('reason', 'email')}
            <button type="submit">{a('changeEmail')}</button>
          </form>
        )}
        {may(staff, 'parents.export') && (
          <form className="ops-inline" onSubmit={exportData} noValidate>
            <label>
              {a('reason')}
              <input {...fieldProps('reason', 'export')} maxLength={500} />
            </label>
            {fieldError('reason', 'export')}
            <button type="submit">{a('export')}</button>
          </form>
        )}
        {may(staff, 'parents.erase') && !account.deletedAt && (
          <form className="ops-inline ops-danger" onSubmit={erase} noValidate>
            <label>
              {a('eraseConfirm')}
              <input {...fieldProps('confirmation', 'erase')} required autoComplete="off" />
            </label>
            {fieldError('confirmation', 'erase')}
            <label>
              {a('reason')}
              <input {...fieldProps('reason', 'erase')} required maxLength={500} />
            </label>
            {fieldError('reason', 'erase')}
            <button type="submit">{a('erase')}</button>
          </form>
        )}
      </section>

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
              {may(staff, 'parents.sessions') && (
                <button type="button" onClick={() => act('sessions/revoke', { sessionId: s.id })}>
                  {t('revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>

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
    </div>
  );
}
