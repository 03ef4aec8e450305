'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { useApiForm } from '@/components/common/useApiForm';
import { Link } from '@/i18n/navigation';
import { linkErrorKey, resetPassword } from '@/lib/api/users';
import { hashPassword } from '@/lib/password';
import PasswordHint from '@/components/common/PasswordHint';
import { newPasswordError } from '@/lib/validation';

export default function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('ResetPasswordPage');
  const tErrors = useTranslations('Errors');
  const tCommon = useTranslations('Common');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  // The field a validation error is about (aria-invalid, described by the message).
  const [invalidField, setInvalidField] = useState<'password' | 'confirmation' | null>(null);
  const form = useApiForm(
    async () => {
      const result = await resetPassword(token, await hashPassword(password));
      if (!result.ok) return linkErrorKey(result);
      setDone(true);
      return null;
    },
    {
      initialError: token ? null : 'resetLinkInvalid',
      validate: () => {
        const invalid = token ? newPasswordError(password, confirmation) : 'resetLinkInvalid';
        form.setError(invalid);
        setInvalidField(
          !invalid || invalid === 'resetLinkInvalid'
            ? null
            : invalid === 'passwordsMismatch' || (invalid === 'fillField' && password)
              ? 'confirmation'
              : 'password',
        );
        return !invalid;
      },
    },
  );

  if (done) {
    return (
      <Flash kind="success">
        <p>{t('success')}</p>
        <Link prefetch={false} href="/login" className="button">
          {tCommon('goToLogin')}
        </Link>
      </Flash>
    );
  }

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.submitting}>
      {form.error && (
        <Flash kind="error" id="reset-password-error" onClose={() => form.setError(null)}>
          {tErrors(form.error)}
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
          aria-invalid={invalidField === 'password' || undefined}
          aria-describedby={
            invalidField === 'password'
              ? 'reset-password-error reset-password-hint'
              : 'reset-password-hint'
          }
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <PasswordHint id="reset-password-hint" password={password} />
      <label className="field">
        <span>{t('confirmPassword')}</span>
        <input
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmation}
          aria-invalid={invalidField === 'confirmation' || undefined}
          aria-describedby={invalidField === 'confirmation' ? 'reset-password-error' : undefined}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={form.submitting}>
        {form.submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
    </form>
  );
}
