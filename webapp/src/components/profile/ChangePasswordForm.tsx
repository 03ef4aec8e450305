'use client';

import { Fragment, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import Spinner from '@/components/common/Spinner';
import { Link } from '@/i18n/navigation';
import { changePassword } from '@/lib/api/profile';
import type { ErrorKey } from '@/lib/api/errors';
import { hashPassword } from '@/lib/password';
import PasswordHint from '@/components/common/PasswordHint';
import { newPasswordError } from '@/lib/validation';

type Fields = { oldPassword: string; newPassword: string; confirmPassword: string };
const FIELDS: (keyof Fields)[] = ['oldPassword', 'newPassword', 'confirmPassword'];
const AUTOCOMPLETE = {
  oldPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** docs/product.md#validation: all three filled, new and confirm equal; docs/product.md#errors: code 1 is a wrong old password. */
export function changePasswordError(fields: Fields): ErrorKey | null {
  if (!fields.oldPassword) return 'fillField';
  return newPasswordError(fields.newPassword, fields.confirmPassword);
}

export default function ChangePasswordForm() {
  const t = useTranslations('ChangePasswordPage');
  const tErrors = useTranslations('Errors');
  const [fields, setFields] = useState<Fields>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [status, setStatus] = useState<'editing' | 'saving' | 'done'>('editing');
  const [error, setError] = useState<ErrorKey | null>(null);
  const { ref: formRef, focusError } = useErrorFocus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'editing') return;
    const invalid = changePasswordError(fields);
    setError(invalid);
    if (invalid) return focusError();
    setStatus('saving');
    const [oldPass, newPass] = await Promise.all([
      hashPassword(fields.oldPassword),
      hashPassword(fields.newPassword),
    ]);
    const result = await changePassword(oldPass, newPass);
    if (result.ok) return setStatus('done');
    setStatus('editing');
    setError(result.status === 400 && result.code === 1 ? 'wrongOldPassword' : result.errorKey);
    focusError();
  }

  // The fields the error is about (aria-invalid, described by the message).
  const invalidField = (name: keyof Fields): boolean =>
    Boolean(
      (error && error !== 'wrongOldPassword' && !fields[name]) ||
      (error === 'wrongOldPassword' && name === 'oldPassword') ||
      (error === 'passwordsMismatch' && name !== 'oldPassword') ||
      (error === 'passwordTooShort' && name === 'newPassword'),
    );

  if (status === 'done') {
    return (
      <Flash kind="success">
        <p>{t('success')}</p>
        <Link prefetch={false} href="/" className="button">
          {t('backToProfile')}
        </Link>
      </Flash>
    );
  }

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={submit}
      noValidate
      aria-busy={status === 'saving'}
    >
      {error && (
        <Flash kind="error" id="change-password-error" onClose={() => setError(null)}>
          {tErrors(error)}
        </Flash>
      )}
      {FIELDS.map((name) => (
        <Fragment key={name}>
          <label className="field">
            <span>{t(name)}</span>
            <input
              type="password"
              name={name}
              autoComplete={AUTOCOMPLETE[name]}
              required
              value={fields[name]}
              aria-invalid={invalidField(name) || undefined}
              aria-describedby={
                [
                  invalidField(name) && 'change-password-error',
                  name === 'newPassword' && 'new-password-hint',
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
            />
          </label>
          {name === 'newPassword' && (
            <PasswordHint id="new-password-hint" password={fields.newPassword} />
          )}
        </Fragment>
      ))}
      <button type="submit" className="button" disabled={status === 'saving'}>
        {status === 'saving' ? <Spinner label={t('saving')} /> : t('submit')}
      </button>
      <Link prefetch={false} href="/">
        {t('cancel')}
      </Link>
    </form>
  );
}
