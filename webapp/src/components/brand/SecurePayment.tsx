import { useTranslations } from 'next-intl';
import CardBrands from './CardBrands';
import styles from './Brand.module.css';

/** The payment page's trust line: a padlock, "Secure payment", what that means, the cards taken. */
export default function SecurePayment() {
  const t = useTranslations('PaymentForm');
  return (
    <div className={styles.secure}>
      <p className={styles.secureTitle}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M7 10V7a5 5 0 0 1 10 0v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2zm2 0h6V7a3 3 0 0 0-6 0zm3 4a2 2 0 0 0-1 3.7V19h2v-1.3a2 2 0 0 0-1-3.7z"
            fill="currentColor"
          />
        </svg>
        <strong>{t('secureTitle')}</strong>
      </p>
      <p className={styles.secureLine}>{t('secureLine')}</p>
      <CardBrands />
    </div>
  );
}
