'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { keepSession, ops } from '@/lib/api/ops';
import OpsError from './OpsError';
import { useOpsForm } from './useOpsForm';

export default function OpsLogin() {
  const t = useTranslations('Ops.login');
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: formRef, check, refused, fieldProps, fieldError, alertId } = useOpsForm('ops-login');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!check(event.currentTarget)) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await ops.POST('/ops/v1/session', {
      body: {
        email: String(form.get('email')),
        password: String(form.get('password')),
        code: String(form.get('code')),
      },
    });
    setBusy(false);
    if (!result.ok) {
      refused(result.message);
      setError(result.message);
      return;
    }
    keepSession(result.data.token, result.data.staff);
    router.push('/ops/search');
  }

  return (
    <form ref={formRef} className="ops-card ops-form" onSubmit={submit} noValidate>
      <h1>{t('heading')}</h1>
      <label>
        {t('email')}
        <input {...fieldProps('email')} type="email" autoComplete="username" required />
      </label>
      {fieldError('email')}
      <label>
        {t('password')}
        <input
          {...fieldProps('password')}
          type="password"
          autoComplete="current-password"
          required
        />
      </label>
      {fieldError('password')}
      <label>
        {t('code')}
        <input
          {...fieldProps('code')}
          inputMode="numeric"
          pattern="[0-9]{6}"
          autoComplete="one-time-code"
          required
        />
      </label>
      {fieldError('code')}
      <OpsError id={alertId} message={error} />
      <button type="submit" disabled={busy}>
        {t('submit')}
      </button>
    </form>
  );
}
