'use client';

import { useCallback, useState, type FormEvent } from 'react';
import { ops, type OpsParentPage, type OpsResult } from '@/lib/api/ops';
import type { paths } from '@/lib/api/schema';
import { useLoaded } from '@/components/common/useLoaded';
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

/** A refusal as OpsError shows it. */
export type Refusal = { message: string; max?: number; params?: Record<string, number> };

/**
 * The parent page's data and actions (docs/operator-console.md): the page as loaded, the refusal or
 * success of the last action, and each action (a button's `act`, or a form's submit handler). After an
 * action the page is loaded again.
 */
export function useParentPage(accountId: number) {
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<Refusal | null>(null);
  const [done, setDone] = useState(false);
  /** The grant refused for the parent's limit, which may be sent for a second member's approval. */
  const [overLimit, setOverLimit] = useState<ActionBody<'grant'> | null>(null);
  const [asked, setAsked] = useState(false);
  const { ref, check, refused, fieldProps, fieldError, alertId } =
    useOpsForm<HTMLElement>('ops-actions');

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

  return {
    page,
    load,
    error,
    done,
    overLimit,
    asked,
    act,
    grant,
    askApproval,
    erase,
    changeEmail,
    exportData,
    form: { ref, fieldProps, fieldError, alertId },
  };
}

export type ParentPageState = ReturnType<typeof useParentPage>;
