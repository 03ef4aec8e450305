'use client';

import { useTranslations } from 'next-intl';
import { PASSWORD_MIN_LENGTH, passwordStrength } from '@/lib/validation';

/** The rule (at least 8 characters) and, once something is typed, how strong the password is. */
export default function PasswordHint({ id, password }: { id: string; password: string }) {
  const t = useTranslations('PasswordHint');
  const strength = passwordStrength(password);
  return (
    <p
      id={id}
      className="field-hint"
      aria-live="polite"
      data-strength={password ? strength : undefined}
    >
      {t('rule', { min: PASSWORD_MIN_LENGTH })}
      {password && strength !== 'tooShort' && <> {t('strength', { strength })}</>}
    </p>
  );
}
