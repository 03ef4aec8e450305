'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { Link } from '@/i18n/navigation';
import type { ErrorKey } from '@/lib/api/errors';
import { linkErrorKey, resetPassword } from '@/lib/api/users';
import { hashPassword } from '@/lib/password';
import { newPasswordError } from '@/lib/validation';

type Status = 'editing' | 'submitting' | 'done';

export default function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('ResetPasswordPage');
  const tErrors = useTranslations('Errors');
  const tCommon = useTranslations('Common');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [status, setStatus] = useState<Status>('editing');
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(token ? null : 'resetLinkInvalid');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'editing') return;
    const invalid = token ? newPasswordError(password, confirmation) : 'resetLinkInvalid';
    setErrorKey(invalid);
    if (invalid) return;

    setStatus('submitting');
    try {
      const result = await resetPassword(token, await hashPassword(password));
      if (result.ok) {
        setStatus('done');
        return;
      }
      setErrorKey(linkErrorKey(result));
    } catch {
      setErrorKey('somethingWentWrong');
    }
    setStatus('editing');
  }

  if (status === 'done') {
    return (
      <Flash kind="success">
        <p>{t('success')}</p>
        <Link href="/login" className="button">
          {tCommon('goToLogin')}
        </Link>
      </Flash>
    );
  }

  const submitting = status === 'submitting';
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={submitting}>
      {errorKey && (
        <Flash kind="error" onClose={() => setErrorKey(null)}>
          {tErrors(errorKey)}
        </Flash>
      )}
      <label className="field">
        <span>{t('newPassword')}</span>
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('confirmPassword')}</span>
        <input
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
    </form>
  );
}
