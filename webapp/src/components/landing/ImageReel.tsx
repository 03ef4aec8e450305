import { useTranslations } from 'next-intl';

const IMAGES = ['r1', 'r2', 'r3', 'r4', 'r5'] as const;

/** Below the fold: sized, lazily loaded illustrations that scroll sideways. */
export default function ImageReel() {
  const t = useTranslations('HomePage.reel');
  return (
    <section className="landing-section" aria-labelledby="reel-title">
      <h2 id="reel-title">{t('heading')}</h2>
      <p className="section-lead">{t('text')}</p>
      <ul className="reel" tabIndex={0} aria-label={t('heading')}>
        {IMAGES.map((key, i) => (
          <li key={key}>
            {/* eslint-disable-next-line @next/next/no-img-element -- tiny local SVGs need no optimiser */}
            <img
              src={`/landing/reel-${i + 1}.svg`}
              alt={t(key)}
              width={320}
              height={200}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
