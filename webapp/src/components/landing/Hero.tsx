import { useTranslations } from 'next-intl';
import HeroArt from './HeroArt';
import LandingEmailForm from './LandingEmailForm';

// docs/product.md#constants: the app-store ratings shown on the landing page.
export const RATINGS = { appStore: 4.7, googlePlay: 4.3 } as const;

export default function Hero() {
  const t = useTranslations('HomePage');
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-text">
        <h1 id="hero-title">{t('hero.heading')}</h1>
        <p className="hero-lead">{t('hero.text')}</p>
        <LandingEmailForm id="hero" />
        <p className="hero-trial">{t('hero.trial')}</p>
        <ul className="ratings" aria-label={t('ratings.label')}>
          <li>
            <span className="stars" aria-hidden="true">
              ★
            </span>{' '}
            {t('ratings.appStore', { rating: RATINGS.appStore })}
          </li>
          <li>
            <span className="stars" aria-hidden="true">
              ★
            </span>{' '}
            {t('ratings.googlePlay', { rating: RATINGS.googlePlay })}
          </li>
        </ul>
      </div>
      <HeroArt />
    </section>
  );
}
