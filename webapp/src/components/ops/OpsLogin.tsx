'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { keepSession, opsRequest, type Staff } from '@/lib/api/ops';
import OpsError from './OpsError';

export default function OpsLogin() {
  const t = useTranslations('Ops.login');
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await opsRequest<{ token: string; staff: Staff }>('/session', {
      method: 'POST',
      body: { email: form.get('email'), password: form.get('password'), code: form.get('code') },
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    keepSession(result.data.token, result.data.staff);
    router.push('/ops/search');
  }

  return (
    <form className="ops-card ops-form" onSubmit={submit}>
      <h1>{t('heading')}</h1>
      <label>
        {t('email')}
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        {t('password')}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <label>
        {t('code')}
        <input
          name="code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          autoComplete="one-time-code"
          required
        />
      </label>
      <OpsError message={error} />
      <button type="submit" disabled={busy}>
        {t('submit')}
      </button>
    </form>
  );
}
