import { siAppstore, siGoogleplay } from 'simple-icons';
import BrandMark from './BrandMark';
import styles from './Brand.module.css';

const MARKS = { appStore: siAppstore, googlePlay: siGoogleplay } as const;

/** Five stars filled to a rating out of 5 (4.7 fills 94 %). */
export function starFill(rating: number): string {
  return `${Math.round((Math.min(Math.max(rating, 0), 5) / 5) * 100)}%`;
}

type Props = { store: keyof typeof MARKS; rating: number; text: string };

/** A store's rating as a badge: the store's mark, the stars, the rating said in words. */
export default function RatingBadge({ store, rating, text }: Props) {
  return (
    <span className={styles.rating}>
      <BrandMark icon={MARKS[store]} size={22} />
      <span className={styles.ratingBody}>
        <span className={styles.stars} aria-hidden="true">
          <span className={styles.starsFill} style={{ inlineSize: starFill(rating) }}>
            ★★★★★
          </span>
          ★★★★★
        </span>
        <span>{text}</span>
      </span>
    </span>
  );
}
