import { useTranslations } from 'next-intl';
import RatingBadge from '@/components/brand/RatingBadge';
import HeroArt from './HeroArt';
import LandingEmailForm from './LandingEmailForm';

// docs/product.md#constants: the app-store ratings and the parents count shown on the landing page.
export const RATINGS = { appStore: 4.7, googlePlay: 4.3 } as const;
export const PARENTS = 500_000;

export default function Hero() {
  const t = useTranslations('HomePage');
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-text">
        <h1 id="hero-title">{t('hero.heading')}</h1>
        <p className="hero-lead">{t('hero.text')}</p>
        <LandingEmailForm id="hero" />
        <p className="hero-trial">{t('hero.trial')}</p>
        <div className="proof">
          <p className="proof-parents">{t('proof.parents', { count: PARENTS })}</p>
          <ul className="ratings" aria-label={t('ratings.label')}>
            <li>
              <RatingBadge
                store="appStore"
                rating={RATINGS.appStore}
                text={t('ratings.appStore', { rating: RATINGS.appStore })}
              />
            </li>
            <li>
              <RatingBadge
                store="googlePlay"
                rating={RATINGS.googlePlay}
                text={t('ratings.googlePlay', { rating: RATINGS.googlePlay })}
              />
            </li>
          </ul>
        </div>
      </div>
      <HeroArt />
    </section>
  );
}
