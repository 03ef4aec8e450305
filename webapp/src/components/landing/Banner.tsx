import { useTranslations } from 'next-intl';
import MarqueePause from './MarqueePause';

const ITEMS = [
  'noAds',
  'parentalControls',
  'offline',
  'noDataSale',
  'profiles',
  'devices',
  'stories',
  'trial',
] as const;

/** docs/product.md#constants: the scrolling banner repeats 70 times over 1500 seconds, then stops. */
export const MARQUEE_REPETITIONS = 70;
export const MARQUEE_TOTAL_SECONDS = 1500;

// The animation (landing.css .marquee-track) runs MARQUEE_REPETITIONS times of
// MARQUEE_TOTAL_SECONDS / MARQUEE_REPETITIONS each, set here so the rule lives in one place.
// WCAG 2.2.2: a pause button stops it, and so do hovering it and focusing the button; with
// prefers-reduced-motion it does not move at all (and the button is not shown).
export default function Banner() {
  const t = useTranslations('HomePage.banner');
  const list = (hidden: boolean) => (
    <ul className="marquee-list" aria-hidden={hidden || undefined}>
      {ITEMS.map((item) => (
        <li key={item}>{t(item)}</li>
      ))}
    </ul>
  );
  const seconds = (MARQUEE_TOTAL_SECONDS / MARQUEE_REPETITIONS).toFixed(2);
  return (
    <section className="marquee" aria-label={t('label')}>
      <div className="marquee-viewport">
        <div
          className="marquee-track"
          style={{ animationDuration: `${seconds}s`, animationIterationCount: MARQUEE_REPETITIONS }}
        >
          {list(false)}
          {list(true)}
        </div>
      </div>
      <MarqueePause pauseLabel={t('pause')} playLabel={t('play')} />
    </section>
  );
}
