'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import Field from '@/components/login/Field';
import { withFlash } from '@/components/login/page-flash';
import { useRouter } from '@/i18n/navigation';
import { apiRequest } from '@/lib/api/client';
import type { ErrorKey } from '@/lib/api/errors';
import { emailError } from '@/lib/email';

export function requestPasswordReset(email: string) {
  return apiRequest<unknown>(`/v4/users/forgotten-pass?email=${encodeURIComponent(email.trim())}`, { auth: false });
}

// SPEC 4/8: e-mail required and valid; success says so on the login page.
export default function ForgottenPasswordForm() {
  const t = useTranslations('ForgottenPasswordPage');
  const tErrors = useTranslations('Errors');
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<ErrorKey | null>(null);
  const [apiError, setApiError] = useState<ErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const invalid = emailError(email);
    setFieldError(invalid);
    setApiError(null);
    if (invalid) return;

    setSubmitting(true);
    const result = await requestPasswordReset(email);
    if (result.ok) {
      router.push(withFlash('/login', { kind: 'success', key: 'resetSent' }));
      return;
    }
    setApiError(result.errorKey);
    setSubmitting(false);
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={submitting}>
      {apiError && (
        <Flash kind="error" onClose={() => setApiError(null)}>
          {tErrors(apiError)}
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
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
    </form>
  );
}
