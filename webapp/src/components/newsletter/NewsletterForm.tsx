'use client';

import { useState, type FormEvent } from 'react';
import { useErrorFocus } from '@/components/common/errorFocus';
import { useLocale, useTranslations } from 'next-intl';
import { subscribeNewsletter } from '@/lib/api/newsletter';
import type { ErrorKey } from '@/lib/api/errors';
import { emailError } from '@/lib/email';
import styles from './Newsletter.module.css';

// Newsletter sign-up, in the footer.
export default function NewsletterForm() {
  const t = useTranslations('Newsletter');
  const tErrors = useTranslations('Errors');
  const locale = useLocale();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<'editing' | 'sending' | 'saved'>('editing');
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(null);
  const { ref: formRef, focusError } = useErrorFocus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const invalid = emailError(email.trim());
    setErrorKey(invalid);
    if (invalid) return focusError();
    setStatus('sending');
    const result = await subscribeNewsletter(email.trim(), locale);
    if (result.ok) return setStatus('saved');
    setErrorKey(result.errorKey);
    setStatus('editing');
    focusError();
  }

  if (status === 'saved') return <p role="status">{t('saved')}</p>;
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-busy={status === 'sending'}
      aria-labelledby="newsletter-title"
    >
      <h2 id="newsletter-title" className="footer-title">
        {t('title')}
      </h2>
      <label htmlFor="newsletter-email" className={styles.label}>
        {t('label')}
      </label>
      <div className={styles.row}>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          aria-invalid={Boolean(errorKey)}
          aria-describedby={errorKey ? 'newsletter-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button" disabled={status === 'sending'}>
          {t('submit')}
        </button>
      </div>
      {errorKey && (
        <p id="newsletter-error" role="alert" className={styles.error}>
          {tErrors(errorKey)}
        </p>
      )}
    </form>
  );
}
