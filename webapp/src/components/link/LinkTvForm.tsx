'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { Link } from '@/i18n/navigation';
import { apiRequest } from '@/lib/api/client';
import type { ErrorKey } from '@/lib/api/errors';

export const PIN_LENGTH = 6;
export const CLAIM_PATH = '/v5/tv/link/claim';

/** Keeps the digits of a typed or scanned PIN, at most six. */
export function normalizePin(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, PIN_LENGTH);
}

type Status = 'editing' | 'submitting' | 'done';

// Issue 7 "TV linking": the parent types the PIN shown on the TV (or arrives
// from its QR code with ?pin=), and the TV receives its own token.
export default function LinkTvForm({ initialPin }: { initialPin?: string | null }) {
  const t = useTranslations('LinkTvPage');
  const tErrors = useTranslations('Errors');
  const [pin, setPin] = useState(normalizePin(initialPin));
  const [status, setStatus] = useState<Status>('editing');
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(null);
  const [invalid, setInvalid] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    setErrorKey(null);
    if (pin.length !== PIN_LENGTH) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setStatus('submitting');
    const result = await apiRequest<{ status: boolean }>(CLAIM_PATH, { method: 'POST', body: { pin } });
    if (result.ok) {
      setStatus('done');
      return;
    }
    setErrorKey(result.errorKey);
    setStatus('editing');
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

  const submitting = status === 'submitting';
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={submitting}>
      {errorKey && (
        <Flash kind="error" onClose={() => setErrorKey(null)}>
          {tErrors(errorKey)}
        </Flash>
      )}
      <label className="field">
        <span>{t('pinLabel')}</span>
        <input
          name="pin"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={PIN_LENGTH}
          dir="ltr"
          required
          aria-invalid={invalid}
          aria-describedby={invalid ? 'link-pin-error' : 'link-pin-hint'}
          value={pin}
          onChange={(e) => setPin(normalizePin(e.target.value))}
        />
      </label>
      {invalid ? (
        <p className="field-error" id="link-pin-error">{t('pinInvalid')}</p>
      ) : (
        <p id="link-pin-hint">{t('pinHint')}</p>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
    </form>
  );
}
