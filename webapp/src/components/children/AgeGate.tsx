'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useApiForm } from '@/components/common/useApiForm';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { checkAgeGate } from '@/lib/api/children';
import {
  ageGatePassed,
  ageGateWaitSeconds,
  rememberAgeGatePassed,
  rememberAgeGateRefused,
} from './ageGateMemory';

type State = 'asking' | 'allowed' | 'blocked';

// Age gate: the adult's birth year, checked by the API and never stored. A passed
// gate is remembered for the browser session and a refused one waits before asking again
// (ageGateMemory.ts); the family pages' and /link's layouts hold it.
export default function AgeGate({ children }: { children: ReactNode }) {
  const t = useTranslations('AgeGate');
  const tErrors = useTranslations('Errors');
  const [year, setYear] = useState('');
  const [state, setState] = useState<State>('asking');
  const [wait, setWait] = useState(0);
  const form = useApiForm(
    async () => {
      const result = await checkAgeGate(Number(year));
      if (!result.ok) return result.errorKey;
      if (result.data.allowed) {
        rememberAgeGatePassed();
        setState('allowed');
        return null;
      }
      rememberAgeGateRefused();
      setWait(ageGateWaitSeconds());
      setState('blocked');
      return null;
    },
    {
      validate: () => {
        const valid = /^\d{4}$/.test(year.trim());
        form.setError(valid ? null : 'birthYearInvalid');
        return valid;
      },
      // A refused gate asks again once its wait is over.
      stays: true,
    },
  );
  const errorKey = form.error;

  // Read after the first render: the server renders the question (it cannot see session storage).
  useEffect(() => {
    if (ageGatePassed()) return setState('allowed');
    const seconds = ageGateWaitSeconds();
    if (seconds > 0) {
      setWait(seconds);
      setState('blocked');
    }
  }, []);

  // A refused gate asks again once its wait is over.
  useEffect(() => {
    if (state !== 'blocked' || wait <= 0) return;
    const timer = window.setTimeout(() => {
      setState('asking');
      setYear('');
      setWait(0);
    }, wait * 1000);
    return () => window.clearTimeout(timer);
  }, [state, wait]);

  if (state === 'allowed') return <>{children}</>;

  if (state === 'blocked') {
    return (
      <section className="page">
        <h1>{t('title')}</h1>
        <Flash kind="error">{t('blocked')}</Flash>
        {wait > 0 && <p>{t('retryIn', { minutes: Math.ceil(wait / 60) })}</p>}
      </section>
    );
  }

  return (
    <section className="page">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.submitting}>
        {errorKey && (
          <Flash kind="error" id="age-gate-error">
            {tErrors(errorKey)}
          </Flash>
        )}
        <label className="field">
          <span>{t('birthYear')}</span>
          <input
            name="birthYear"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            dir="ltr"
            required
            aria-invalid={errorKey === 'birthYearInvalid'}
            aria-describedby={errorKey === 'birthYearInvalid' ? 'age-gate-error' : undefined}
            value={year}
            onChange={(e) => setYear(e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </label>
        <button type="submit" className="button" disabled={form.submitting}>
          {t('submit')}
        </button>
      </form>
    </section>
  );
}
