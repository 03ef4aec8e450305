'use client';

import { useState } from 'react';
import { useApiForm } from '@/components/common/useApiForm';
import { useLocale, useTranslations } from 'next-intl';
import { useErrorText } from '@/i18n/error-text';
import { callOnDemand } from '@/lib/api/on-demand';
import { emailError } from '@/lib/email';
import styles from './Newsletter.module.css';

// Newsletter sign-up, in the footer.
export default function NewsletterForm() {
  const t = useTranslations('Newsletter');
  const tErrors = useErrorText();
  const locale = useLocale();
  const [email, setEmail] = useState('');
  const [saved, setSaved] = useState(false);
  const form = useApiForm(
    async () => {
      // The API client is downloaded with the first sign-up, not with every page (lib/api/on-demand.ts).
      const result = await callOnDemand(
        () => import('@/lib/api/newsletter'),
        (calls) => calls.subscribeNewsletter(email.trim(), locale),
      );
      if (!result.ok) return result.errorKey;
      setSaved(true);
      return null;
    },
    {
      validate: () => {
        const invalid = emailError(email.trim());
        form.setError(invalid);
        return !invalid;
      },
    },
  );
  const errorKey = form.error;

  if (saved) return <p role="status">{t('saved')}</p>;
  return (
    <form
      className={styles.form}
      onSubmit={form.onSubmit}
      noValidate
      aria-busy={form.submitting}
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
        <button type="submit" className="button" disabled={form.submitting}>
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
