'use client';

import { useEffect, useId } from 'react';
import { useTranslations } from 'next-intl';
import {
  cardBrand,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  maxFormattedLength,
  type CardField,
  type CardValues,
} from './cardFormat';
import type { PaymentProvider } from './provider';
import styles from './PaymentForm.module.css';

// Every control has a name (autofill and assistive technologies read it).
const NAMES = { number: 'cardNumber', expiry: 'cardExpiry', cvv: 'cardCvv' } as const;

type Props = {
  provider: PaymentProvider;
  card: CardValues;
  onChange(card: CardValues): void;
  invalid: readonly CardField[];
  /** Hosted fields report their own validity (Braintree's validityChange and blur events). */
  onInvalid?(fields: CardField[]): void;
  disabled: boolean;
};

/** Card number, expiry and CVV: our inputs in the sandbox, Braintree's iframes otherwise; each with its error. */
export default function CardFields({
  provider,
  card,
  onChange,
  invalid,
  onInvalid,
  disabled,
}: Props) {
  const t = useTranslations('PaymentForm');
  const id = useId().replace(/:/g, '');
  const ids = { number: `${id}-number`, expiry: `${id}-expiry`, cvv: `${id}-cvv` };
  const hosted = provider.kind === 'hosted';

  useEffect(() => {
    if (hosted) void provider.mountCardFields(ids, (fields) => onInvalid?.(fields));
    // The container ids are stable for the life of this component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider, hosted]);

  const errorId = (field: 'number' | 'expiry' | 'cvv') => `${ids[field]}-error`;
  const described = (field: 'number' | 'expiry' | 'cvv') =>
    invalid.includes(field) ? errorId(field) : undefined;
  const input = (
    field: 'number' | 'expiry' | 'cvv',
    format: (value: string) => string,
    extra: object,
  ) =>
    hosted ? (
      <div
        id={ids[field]}
        className={`${styles.hosted} ${invalid.includes(field) ? styles.hostedInvalid : ''}`}
        aria-labelledby={`${ids[field]}-label`}
        aria-describedby={described(field)}
      />
    ) : (
      <input
        id={ids[field]}
        name={NAMES[field]}
        dir="ltr"
        inputMode="numeric"
        value={card[field]}
        disabled={disabled}
        aria-invalid={invalid.includes(field) || undefined}
        aria-describedby={described(field)}
        onChange={(e) => onChange({ ...card, [field]: format(e.target.value) })}
        {...extra}
      />
    );
  const error = (field: 'number' | 'expiry' | 'cvv') =>
    invalid.includes(field) && (
      <span id={errorId(field)} className={styles.fieldError}>
        {t(`fieldErrors.${field}`)}
      </span>
    );

  return (
    <>
      <div className="field">
        <label id={`${ids.number}-label`} htmlFor={ids.number}>
          {t('cardNumber')}
        </label>
        {input('number', formatCardNumber, {
          autoComplete: 'cc-number',
          placeholder: '1234 5678 9012 3456',
          maxLength: maxFormattedLength(cardBrand(card.number)),
        })}
        {error('number')}
      </div>
      <div className={styles.row}>
        <div className="field">
          <label id={`${ids.expiry}-label`} htmlFor={ids.expiry}>
            {t('expiry')}
          </label>
          {input('expiry', (v) => formatExpiry(v, card.expiry), {
            autoComplete: 'cc-exp',
            placeholder: t('expiryPlaceholder'),
            maxLength: 7,
          })}
          {error('expiry')}
        </div>
        <div className="field">
          <label id={`${ids.cvv}-label`} htmlFor={ids.cvv}>
            {t('cvv')}
          </label>
          {input('cvv', formatCvv, { autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 })}
          {error('cvv')}
        </div>
      </div>
    </>
  );
}
