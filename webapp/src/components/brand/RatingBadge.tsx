import { storeMarkUrl, type Store } from './storeMarks';
import styles from './Brand.module.css';

/** Five stars filled to a rating out of 5 (4.7 fills 94 %). */
export function starFill(rating: number): string {
  return `${Math.round((Math.min(Math.max(rating, 0), 5) / 5) * 100)}%`;
}

type Props = { store: Store; rating: number; text: string };

const MARK_SIZE = 22;

/** A store's rating as a badge: the store's mark, the stars, the rating said in words. */
export default function RatingBadge({ store, rating, text }: Props) {
  return (
    <span className={styles.rating}>
      {/* Decorative (the store is named in the text); an image, not inline SVG: see storeMarks.ts. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- an SVG built with the app needs no optimiser */}
      <img src={storeMarkUrl(store)} alt="" width={MARK_SIZE} height={MARK_SIZE} />
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
