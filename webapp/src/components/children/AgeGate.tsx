'use client';

import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useErrorFocus } from '@/components/common/errorFocus';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { checkAgeGate } from '@/lib/api/children';
import type { ErrorKey } from '@/lib/api/errors';
import {
  ageGatePassed,
  ageGateWaitSeconds,
  rememberAgeGatePassed,
  rememberAgeGateRefused,
} from './ageGateMemory';

type State = 'asking' | 'checking' | 'allowed' | 'blocked';

// Age gate: the adult's birth year, checked by the API and never stored. A passed
// gate is remembered for the browser session and a refused one waits before asking again
// (ageGateMemory.ts); the family pages' and /link's layouts hold it.
export default function AgeGate({ children }: { children: ReactNode }) {
  const t = useTranslations('AgeGate');
  const tErrors = useTranslations('Errors');
  const [year, setYear] = useState('');
  const [state, setState] = useState<State>('asking');
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(null);
  const [wait, setWait] = useState(0);
  const { ref: formRef, focusError } = useErrorFocus();

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'checking') return;
    setErrorKey(null);
    const birthYear = Number(year);
    if (!/^\d{4}$/.test(year.trim())) {
      setErrorKey('birthYearInvalid');
      return focusError();
    }
    setState('checking');
    const result = await checkAgeGate(birthYear);
    if (!result.ok) {
      setErrorKey(result.errorKey);
      setState('asking');
      return focusError();
    }
    if (result.data.allowed) {
      rememberAgeGatePassed();
      return setState('allowed');
    }
    rememberAgeGateRefused();
    setWait(ageGateWaitSeconds());
    setState('blocked');
  }

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
      <form
        ref={formRef}
        className="form"
        onSubmit={submit}
        noValidate
        aria-busy={state === 'checking'}
      >
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
        <button type="submit" className="button" disabled={state === 'checking'}>
          {t('submit')}
        </button>
      </form>
    </section>
  );
}
