'use client';

import { useCallback, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import QrCode from '@/components/login/QrCode';
import { ops, type OpsResult, type OpsStaffMember } from '@/lib/api/ops';
import type { components } from '@/lib/api/schema';
import { useLoaded } from '@/components/common/useLoaded';
import OpsError from './OpsError';
import { useSignedInStaff } from './useSignedInStaff';
import { useOpsForm } from './useOpsForm';

const ROLES = ['support', 'finance', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Member = OpsStaffMember;
type Provisioning = { email: string; uri: string };
const staffPath = (m: Member) => ({ params: { path: { staff_id: m.id } } });

/** Staff management (admin): list, create (the TOTP set-up shown once), role, disable, reset TOTP. */
export default function StaffAdmin() {
  const t = useTranslations('Ops.staff');
  const nav = useTranslations('Ops.nav');
  const format = useFormatter();
  const [members, setMembers] = useState<Member[] | null>(null);
  const me = useSignedInStaff() ?? null;
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [provisioning, setProvisioning] = useState<Provisioning | null>(null);
  const [draft, setDraft] = useState({
    email: '',
    password: '',
    role: 'support' as Role,
    reason: '',
  });
  const [roles, setRoles] = useState<Record<number, Role>>({});
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const {
    ref: staffRef,
    check,
    refused,
    fieldProps,
    fieldError,
    alertId,
  } = useOpsForm<HTMLDivElement>('ops-staff');
  const roleName = (role: string) => nav(`role_${role}` as Parameters<typeof nav>[0]);

  const fetchList = useCallback(() => ops.GET('/ops/v1/staff'), []);
  const show = useCallback((result: OpsResult<components['schemas']['OpsStaffList']>) => {
    if (result.ok) setMembers(result.data.staff);
    else setError(result.message);
  }, []);
  const load = useCallback(async () => show(await fetchList()), [fetchList, show]);
  useLoaded(fetchList, show);

  /** `scope`: the form or row whose fields may be at fault. */
  async function act<T>(send: () => Promise<OpsResult<T>>, scope: string) {
    setDone(false);
    const result = await send();
    if (!result.ok) refused(result.message, scope);
    setError(result.ok ? null : result.message);
    setDone(result.ok);
    await load();
    return result.ok ? result.data : null;
  }

  async function create(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    if (!check(event.currentTarget, 'new')) return setError(null);
    const made = await act(() => ops.POST('/ops/v1/staff', { body: draft }), 'new');
    if (made) {
      setProvisioning({ email: draft.email.trim().toLowerCase(), uri: made.provisioningUri });
      setDraft({ email: '', password: '', role: 'support', reason: '' });
    }
  }

  async function resetTotp(member: Member) {
    const body = { reason: reasons[member.id] ?? '' };
    const made = await act(
      () => ops.POST('/ops/v1/staff/{staff_id}/reset-totp', { ...staffPath(member), body }),
      `m${member.id}`,
    );
    if (made) setProvisioning({ email: member.email, uri: made.provisioningUri });
  }

  return (
    <div ref={staffRef} className="ops-parent">
      <section className="ops-card">
        <h1>{t('heading')}</h1>
        <OpsError id={alertId} message={error} />
        {done && <p role="status">{t('done')}</p>}
        {provisioning && (
          <div className="ops-provisioning" data-testid="provisioning">
            <QrCode value={provisioning.uri} label={t('provisioningQr')} size={168} />
            <div>
              <h2>{t('provisioningHeading', { email: provisioning.email })}</h2>
              <p>{t('provisioningHint')}</p>
              <p>
                {t('provisioningUri')}: <code>{provisioning.uri}</code>
              </p>
              <button type="button" onClick={() => setProvisioning(null)}>
                {t('provisioningDone')}
              </button>
            </div>
          </div>
        )}
        {members && (
          <table className="ops-table">
            <thead>
              <tr>
                <th>{t('colEmail')}</th>
                <th>{t('colRole')}</th>
                <th>{t('colCreated')}</th>
                <th>{t('colStatus')}</th>
                <th>{t('colSessions')}</th>
                <th>{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => {
                const self = me?.id === m.id;
                return (
                  <tr key={m.id} data-testid={`staff-${m.id}`}>
                    <td>
                      {m.email}
                      {self && ` (${t('you')})`}
                    </td>
                    <td>{roleName(m.role)}</td>
                    <td>{format.dateTime(new Date(m.createdAt), { dateStyle: 'medium' })}</td>
                    <td>{m.disabledAt ? t('disabled') : t('active')}</td>
                    <td>{m.sessions}</td>
                    <td>
                      {!self && (
                        <div className="ops-inline">
                          <select
                            aria-label={`${t('role')} ${m.email}`}
                            value={roles[m.id] ?? m.role}
                            onChange={(e) => setRoles({ ...roles, [m.id]: e.target.value as Role })}
                          >
                            {ROLES.map((r) => (
                              <option key={r} value={r}>
                                {roleName(r)}
                              </option>
                            ))}
                          </select>
                          <input
                            {...fieldProps('reason', `m${m.id}`)}
                            aria-label={`${t('reason')} ${m.email}`}
                            placeholder={t('reason')}
                            value={reasons[m.id] ?? ''}
                            maxLength={500}
                            onChange={(e) => setReasons({ ...reasons, [m.id]: e.target.value })}
                          />
                          {fieldError('reason', `m${m.id}`)}
                          <button
                            type="button"
                            disabled={(roles[m.id] ?? m.role) === m.role}
                            onClick={() =>
                              act(
                                () =>
                                  ops.POST('/ops/v1/staff/{staff_id}/role', {
                                    ...staffPath(m),
                                    body: {
                                      role: roles[m.id] ?? (m.role as Role),
                                      reason: reasons[m.id] ?? '',
                                    },
                                  }),
                                `m${m.id}`,
                              )
                            }
                          >
                            {t('changeRole')}
                          </button>
                          <button
                            type="button"
                            className={m.disabledAt ? undefined : 'ops-danger-button'}
                            onClick={() =>
                              act(
                                () =>
                                  ops.POST('/ops/v1/staff/{staff_id}/disabled', {
                                    ...staffPath(m),
                                    body: { disabled: !m.disabledAt, reason: reasons[m.id] ?? '' },
                                  }),
                                `m${m.id}`,
                              )
                            }
                          >
                            {m.disabledAt ? t('enable') : t('disable')}
                          </button>
                          <button type="button" onClick={() => resetTotp(m)}>
                            {t('resetTotp')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <section className="ops-card" aria-labelledby="ops-new-staff">
        <h2 id="ops-new-staff">{t('createHeading')}</h2>
        <form className="ops-inline" onSubmit={create} noValidate>
          <label>
            {t('email')}
            <input
              {...fieldProps('email', 'new')}
              type="email"
              required
              value={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            />
          </label>
          {fieldError('email', 'new')}
          <label>
            {t('password')}
            <input
              {...fieldProps('password', 'new')}
              type="password"
              required
              minLength={12}
              autoComplete="new-password"
              value={draft.password}
              onChange={(e) => setDraft({ ...draft, password: e.target.value })}
            />
          </label>
          {fieldError('password', 'new')}
          <label>
            {t('role')}
            <select
              value={draft.role}
              onChange={(e) => setDraft({ ...draft, role: e.target.value as Role })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('reason')}
            <input
              {...fieldProps('reason', 'new')}
              value={draft.reason}
              maxLength={500}
              onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
            />
          </label>
          {fieldError('reason', 'new')}
          <button type="submit">{t('create')}</button>
        </form>
      </section>
    </div>
  );
}
