'use client';

import { useTranslations } from 'next-intl';
import styles from './Withdrawal.module.css';

type Props = { checked: boolean; onChange(checked: boolean): void };

/**
 * The express request to start the service during the withdrawal period (CRD art. 16(m); § 356(5) BGB):
 * unticked until the parent ticks it; the purchase goes through either way (docs/consumer-law-withdrawal.md).
 */
export default function ExpressStartConsent({ checked, onChange }: Props) {
  const t = useTranslations('Withdrawal');
  return (
    <div className={styles.consent}>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="expressStart"
          checked={checked}
          aria-describedby="express-start-hint"
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t('consent')}</span>
      </label>
      <p id="express-start-hint" className={styles.hint}>
        {t('consentHint')}
      </p>
    </div>
  );
}
