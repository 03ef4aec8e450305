import { siAmericanexpress, siMastercard, siVisa } from 'simple-icons';
import { useTranslations } from 'next-intl';
import BrandMark from './BrandMark';
import styles from './Brand.module.css';

// The networks the payment form and Google Pay take (docs/product.md#constants: VISA, MASTERCARD, AMEX).
export const CARD_BRANDS = [siVisa, siMastercard, siAmericanexpress] as const;

/** The accepted cards' logos, each named for screen readers. */
export default function CardBrands() {
  const t = useTranslations('PaymentForm');
  return (
    <ul className={styles.cards} aria-label={t('cardsAccepted')}>
      {CARD_BRANDS.map((icon) => (
        <li key={icon.slug} className={styles.cardLogo}>
          <BrandMark icon={icon} size={28} />
          <span className={styles.srOnly}>{icon.title}</span>
        </li>
      ))}
    </ul>
  );
}
