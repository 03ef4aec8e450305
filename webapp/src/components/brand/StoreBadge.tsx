import type { MouseEvent } from 'react';
import { siAppstore, siGoogleplay } from 'simple-icons';
import BrandMark from './BrandMark';
import styles from './Brand.module.css';

const MARKS = { appStore: siAppstore, googlePlay: siGoogleplay } as const;

type Props = {
  store: keyof typeof MARKS;
  href: string;
  /** "Download on the App Store" / "Get it on Google Play", in the page's language. */
  label: string;
  onClick?(event: MouseEvent<HTMLAnchorElement>): void;
};

/** A store badge after Apple's and Google's badge guidelines: black, the store's mark, its call. */
export default function StoreBadge({ store, href, label, onClick }: Props) {
  return (
    <a href={href} onClick={onClick} className={styles.storeBadge}>
      <BrandMark icon={MARKS[store]} size={26} color="#fff" />
      <span>{label}</span>
    </a>
  );
}
