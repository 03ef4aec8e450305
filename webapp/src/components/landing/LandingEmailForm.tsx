'use client';

import { useState, type FormEvent } from 'react';
import { useErrorFocus } from '@/components/common/errorFocus';
import { useTranslations } from 'next-intl';
import { useErrorText } from '@/i18n/error-text';
import { useRouter } from '@/i18n/navigation';
import { track } from '@/lib/analytics';
import type { ErrorKey } from '@/lib/api/errors';
import { emailError } from '@/lib/email';
import { session } from '@/lib/session/storage';

// docs/product.md#flows "Landing e-mail submit": empty -> error, bad format -> error,
// otherwise keep the e-mail, send START_FREE_TRIAL and go to register.
export default function LandingEmailForm({ id }: { id: 'hero' | 'footer' }) {
  const t = useTranslations('HomePage.emailForm');
  // Only the browser's e-mail check (emailError): texts every page has (SHELL_ERROR_KEYS).
  const errorText = useErrorText();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<ErrorKey | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { ref: formRef, focusError } = useErrorFocus();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = emailError(email);
    setError(invalid);
    if (invalid) return focusError();
    session.set('landingEmail', email.trim());
    track('START_FREE_TRIAL');
    setLeaving(true);
    router.push('/register');
  }

  const inputId = `landing-email-${id}`;
  const errorId = `${inputId}-error`;
  return (
    <form ref={formRef} className="landing-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        {t('label')}
      </label>
      <div className="landing-form-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('placeholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button" disabled={leaving}>
          {t('submit')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error landing-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </form>
  );
}
