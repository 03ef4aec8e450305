'use client';

import { useTranslations } from 'next-intl';
import { may, type OpsParentPage, type Staff } from '@/lib/api/ops';
import OpsError from './OpsError';
import type { ParentPageState } from './useParentPage';

export const GRANT_DURATIONS = ['P7D', 'P1M', 'P3M', 'P12M'] as const;

/** The actions on the parent (by the staff member's permissions) and the last one's outcome. */
export default function ParentActions({
  page,
  staff,
  state,
}: {
  page: OpsParentPage;
  staff: Staff | null;
  state: ParentPageState;
}) {
  const a = useTranslations('Ops.actions');
  const g = useTranslations('OpsGrants');
  const { error, done, overLimit, asked, act, askApproval, grant, changeEmail, exportData, erase } =
    state;
  const { ref: actionsRef, fieldProps, fieldError, alertId } = state.form;
  const { account } = page;
  const nonRenewing = page.subscriptions.filter((s) => s.visible && !s.isRenewing);
  return (
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
  );
}
