'use client';

import type { ReactNode } from 'react';
import { useLocale } from 'next-intl';

type Props = {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null;
  required?: boolean;
};

// docs/product.md#screens "Register": Arabic puts the checkbox after its label.
export default function Consent({ name, checked, onChange, children, error, required }: Props) {
  const labelFirst = useLocale() === 'ar';
  const errorId = `consent-${name}-error`;
  const box = (
    <input
      type="checkbox"
      name={name}
      checked={checked}
      required={required}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
  return (
    <div className="consent">
      <label className="consent-label">
        {!labelFirst && box}
        <span>{children}</span>
        {labelFirst && box}
      </label>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
