import type { MouseEvent } from 'react';
import BrandMark from './BrandMark';
import { STORE_MARKS, type Store } from './storeMarks';
import styles from './Brand.module.css';

type Props = {
  store: Store;
  href: string;
  /** "Download on the App Store" / "Get it on Google Play", in the page's language. */
  label: string;
  onClick?(event: MouseEvent<HTMLAnchorElement>): void;
};

/** A store badge after Apple's and Google's badge guidelines: black, the store's mark, its call. */
export default function StoreBadge({ store, href, label, onClick }: Props) {
  return (
    <a href={href} onClick={onClick} className={styles.storeBadge}>
      <BrandMark icon={STORE_MARKS[store]} size={26} color="#fff" />
      <span>{label}</span>
    </a>
  );
}
