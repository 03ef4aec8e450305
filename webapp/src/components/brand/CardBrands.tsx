import { siAmericanexpress, siMastercard, siVisa } from 'simple-icons';
import { useTranslations } from 'next-intl';
import { ACCEPTED_CARD_BRANDS, type CardBrand } from '@/components/payment/cardFormat';
import BrandMark from './BrandMark';
import styles from './Brand.module.css';

// The marks of the brands the payment form takes (ACCEPTED_CARD_BRANDS; docs/product.md#constants).
const MARKS: Partial<Record<CardBrand, typeof siVisa>> = {
  visa: siVisa,
  mastercard: siMastercard,
  amex: siAmericanexpress,
};
export const CARD_BRANDS = ACCEPTED_CARD_BRANDS.map((brand) => MARKS[brand]).filter(
  (icon): icon is typeof siVisa => icon !== undefined,
);

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
