import { useTranslations } from 'next-intl';

// The three apps' home screens as a child sees them (public/landing/app-*.svg, drawn in this
// repository). The images carry no words: their text is the localized alternative text.
export const APP_SCREENS = ['tv', 'stories', 'games'] as const;
const PLAN_NAMES = { tv: 'lumo_tv', stories: 'lumo_books', games: 'lumo_games' } as const;
export const SCREEN_SIZE = { width: 360, height: 240 } as const;

/** "A peek inside the apps": below the fold, so sized and lazily loaded. */
export default function ImageReel() {
  const t = useTranslations('HomePage.reel');
  const tPlans = useTranslations('Plans');
  return (
    <section className="landing-section" aria-labelledby="reel-title">
      <h2 id="reel-title">{t('heading')}</h2>
      <p className="section-lead">{t('text')}</p>
      <ul className="reel" tabIndex={0} aria-label={t('heading')}>
        {APP_SCREENS.map((app) => (
          <li key={app}>
            <figure className="reel-screen">
              {/* eslint-disable-next-line @next/next/no-img-element -- small local SVGs need no optimiser */}
              <img
                src={`/landing/app-${app}.svg`}
                alt={t(app)}
                width={SCREEN_SIZE.width}
                height={SCREEN_SIZE.height}
                loading="lazy"
                decoding="async"
              />
              <figcaption>{tPlans(PLAN_NAMES[app])}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
