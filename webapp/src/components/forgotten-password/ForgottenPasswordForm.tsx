'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { useApiForm } from '@/components/common/useApiForm';
import Field from '@/components/login/Field';
import { withFlash } from '@/components/login/page-flash';
import { useRouter } from '@/i18n/navigation';
import type { ErrorKey } from '@/lib/api/errors';
import { requestPasswordReset } from '@/lib/api/users';
import { emailError } from '@/lib/email';

// docs/product.md#flows, docs/product.md#errors: e-mail required and valid; success says so on the login page.
export default function ForgottenPasswordForm() {
  const t = useTranslations('ForgottenPasswordPage');
  const tErrors = useTranslations('Errors');
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<ErrorKey | null>(null);
  const form = useApiForm(
    async () => {
      const result = await requestPasswordReset(email);
      if (!result.ok) return result.errorKey;
      router.push(withFlash('/login', { kind: 'success', key: 'resetSent' }));
      return null;
    },
    {
      validate: () => {
        const invalid = emailError(email);
        setFieldError(invalid);
        return !invalid;
      },
    },
  );

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.submitting}>
      {form.error && (
        <Flash kind="error" onClose={() => form.setError(null)}>
          {tErrors(form.error)}
        </Flash>
      )}
      <Field
        name="email"
        type="email"
        label={t('email')}
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onValue={setEmail}
        error={fieldError && tErrors(fieldError)}
      />
      <button type="submit" className="button" disabled={form.submitting}>
        {form.submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
    </form>
  );
}
