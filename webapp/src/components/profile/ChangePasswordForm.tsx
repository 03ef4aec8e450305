'use client';

import { Fragment, useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useApiForm } from '@/components/common/useApiForm';
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
  const [done, setDone] = useState(false);
  const form = useApiForm(
    async () => {
      const [oldPass, newPass] = await Promise.all([
        hashPassword(fields.oldPassword),
        hashPassword(fields.newPassword),
      ]);
      const result = await changePassword(oldPass, newPass);
      if (!result.ok)
        return result.status === 400 && result.code === 1 ? 'wrongOldPassword' : result.errorKey;
      setDone(true);
      return null;
    },
    {
      validate: () => {
        const invalid = changePasswordError(fields);
        form.setError(invalid);
        return !invalid;
      },
    },
  );
  const { error, setError, submitting } = form;

  // The fields the error is about (aria-invalid, described by the message).
  const invalidField = (name: keyof Fields): boolean =>
    Boolean(
      (error && error !== 'wrongOldPassword' && !fields[name]) ||
      (error === 'wrongOldPassword' && name === 'oldPassword') ||
      (error === 'passwordsMismatch' && name !== 'oldPassword') ||
      (error === 'passwordTooShort' && name === 'newPassword'),
    );

  if (done) {
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
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={submitting}>
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
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? <Spinner label={t('saving')} /> : t('submit')}
      </button>
      <Link prefetch={false} href="/">
        {t('cancel')}
      </Link>
    </form>
  );
}
