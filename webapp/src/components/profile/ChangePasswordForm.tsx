'use client';

import { Fragment, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'editing') return;
    const invalid = changePasswordError(fields);
    setError(invalid);
    if (invalid) return;
    setStatus('saving');
    const [oldPass, newPass] = await Promise.all([
      hashPassword(fields.oldPassword),
      hashPassword(fields.newPassword),
    ]);
    const result = await changePassword(oldPass, newPass);
    if (result.ok) return setStatus('done');
    setStatus('editing');
    setError(result.status === 400 && result.code === 1 ? 'wrongOldPassword' : result.errorKey);
  }

  if (status === 'done') {
    return (
      <Flash kind="success">
        <p>{t('success')}</p>
        <Link href="/" className="button">
          {t('backToProfile')}
        </Link>
      </Flash>
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={status === 'saving'}>
      {error && (
        <Flash kind="error" onClose={() => setError(null)}>
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
              aria-invalid={
                (error && !fields[name]) ||
                (error === 'passwordsMismatch' && name !== 'oldPassword') ||
                (error === 'passwordTooShort' && name === 'newPassword') ||
                undefined
              }
              aria-describedby={name === 'newPassword' ? 'new-password-hint' : undefined}
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
      <Link href="/">{t('cancel')}</Link>
    </form>
  );
}
