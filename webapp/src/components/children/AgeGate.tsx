'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { checkAgeGate } from '@/lib/api/children';
import type { ErrorKey } from '@/lib/api/errors';

type State = 'asking' | 'checking' | 'allowed' | 'blocked';

// Issue 7 "age gate": the adult's birth year, checked by the API and kept in
// this component's state only (never stored): a new visit asks again. The
// family pages' layout holds it, so moving between them keeps the answer.
export default function AgeGate({ children }: { children: ReactNode }) {
  const t = useTranslations('AgeGate');
  const tErrors = useTranslations('Errors');
  const [year, setYear] = useState('');
  const [state, setState] = useState<State>('asking');
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(null);

  if (state === 'allowed') return <>{children}</>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'checking') return;
    setErrorKey(null);
    const birthYear = Number(year);
    if (!/^\d{4}$/.test(year.trim())) {
      setErrorKey('birthYearInvalid');
      return;
    }
    setState('checking');
    const result = await checkAgeGate(birthYear);
    if (!result.ok) {
      setErrorKey(result.errorKey);
      setState('asking');
      return;
    }
    setState(result.data.allowed ? 'allowed' : 'blocked');
  }

  if (state === 'blocked') {
    return (
      <section className="page">
        <h1>{t('title')}</h1>
        <Flash kind="error">{t('blocked')}</Flash>
      </section>
    );
  }

  return (
    <section className="page">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <form className="form" onSubmit={submit} noValidate aria-busy={state === 'checking'}>
        {errorKey && <Flash kind="error">{tErrors(errorKey)}</Flash>}
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
