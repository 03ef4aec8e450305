'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { useApiForm } from '@/components/common/useApiForm';
import { Link } from '@/i18n/navigation';
import { claimTvLink } from '@/lib/api/tv-link';

export const PIN_LENGTH = 6;

/** Keeps the digits of a typed or scanned PIN, at most six. */
export function normalizePin(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, PIN_LENGTH);
}

// TV linking: the parent types the PIN shown on the TV (or arrives
// from its QR code with ?pin=), and the TV receives its own token.
export default function LinkTvForm({ initialPin }: { initialPin?: string | null }) {
  const t = useTranslations('LinkTvPage');
  const tErrors = useTranslations('Errors');
  const [pin, setPin] = useState(normalizePin(initialPin));
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const form = useApiForm(
    async () => {
      const result = await claimTvLink(pin);
      if (!result.ok) return result.errorKey;
      setDone(true);
      return null;
    },
    {
      validate: () => {
        const wrong = pin.length !== PIN_LENGTH;
        setInvalid(wrong);
        return !wrong;
      },
    },
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
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={form.submitting}>
      {form.error && (
        <Flash kind="error" onClose={() => form.setError(null)}>
          {tErrors(form.error)}
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
        <p className="field-error" id="link-pin-error">
          {t('pinInvalid')}
        </p>
      ) : (
        <p id="link-pin-hint">{t('pinHint')}</p>
      )}
      <button type="submit" className="button" disabled={form.submitting}>
        {form.submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
    </form>
  );
}
