'use client';

import { useEffect, useId } from 'react';
import { useTranslations } from 'next-intl';
import { formatCardNumber, formatCvv, formatExpiry, type CardField, type CardValues } from './cardFormat';
import type { PaymentProvider } from './provider';
import styles from './PaymentForm.module.css';

type Props = {
  provider: PaymentProvider;
  card: CardValues;
  onChange(card: CardValues): void;
  invalid: readonly CardField[];
  disabled: boolean;
};

/** Card number, expiry and CVV: our inputs in the sandbox, Braintree's iframes otherwise. */
export default function CardFields({ provider, card, onChange, invalid, disabled }: Props) {
  const t = useTranslations('PaymentForm');
  const id = useId().replace(/:/g, '');
  const ids = { number: `${id}-number`, expiry: `${id}-expiry`, cvv: `${id}-cvv` };
  const hosted = provider.kind === 'hosted';

  useEffect(() => {
    if (hosted) void provider.mountCardFields(ids);
    // The container ids are stable for the life of this component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider, hosted]);

  const input = (field: 'number' | 'expiry' | 'cvv', format: (value: string) => string, extra: object) =>
    hosted ? (
      <div id={ids[field]} className={styles.hosted} aria-labelledby={`${ids[field]}-label`} />
    ) : (
      <input
        id={ids[field]}
        dir="ltr"
        inputMode="numeric"
        value={card[field]}
        disabled={disabled}
        aria-invalid={invalid.includes(field) || undefined}
        onChange={(e) => onChange({ ...card, [field]: format(e.target.value) })}
        {...extra}
      />
    );

  return (
    <>
      <div className="field">
        <label id={`${ids.number}-label`} htmlFor={ids.number}>{t('cardNumber')}</label>
        {input('number', formatCardNumber, { autoComplete: 'cc-number', placeholder: '1234 5678 9012 3456', maxLength: 19 })}
      </div>
      <div className={styles.row}>
        <div className="field">
          <label id={`${ids.expiry}-label`} htmlFor={ids.expiry}>{t('expiry')}</label>
          {input('expiry', (v) => formatExpiry(v, card.expiry), { autoComplete: 'cc-exp', placeholder: t('expiryPlaceholder'), maxLength: 7 })}
        </div>
        <div className="field">
          <label id={`${ids.cvv}-label`} htmlFor={ids.cvv}>{t('cvv')}</label>
          {input('cvv', formatCvv, { autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 })}
        </div>
      </div>
    </>
  );
}
