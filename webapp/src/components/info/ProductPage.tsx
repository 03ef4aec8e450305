import { useTranslations } from 'next-intl';
import AppIcon from '@/components/landing/AppIcon';
import { PRODUCT_APPS, productPath, type ProductApp } from '@/components/layout/site-pages';
import { Link } from '@/i18n/navigation';
import { AGE_BANDS, AGE_GROUPS, FEATURES } from './products';
import '@/components/landing/sections.css';
import styles from './Info.module.css';
import own from './Product.module.css';

/** /lumo-tv, /lumo-stories, /lumo-games: one page per app, from the ProductInfoPage texts. */
export default function ProductPage({ app }: { app: ProductApp }) {
  const t = useTranslations('ProductInfoPage');
  const tHome = useTranslations('HomePage');
  const others = PRODUCT_APPS.filter((other) => other !== app);
  return (
    <div className={`landing ${styles.info}`}>
      <section className="hero" aria-labelledby="product-title">
        <div className="hero-text">
          <h1 id="product-title">{t(`${app}.title`)}</h1>
          <p className="hero-lead">{t(`${app}.text`)}</p>
          <Link prefetch={false} href="/register" className={`button ${own.cta}`}>
            {tHome('emailForm.submit')}
          </Link>
          <p className="hero-trial">{tHome('hero.trial')}</p>
        </div>
        <div className={`${own.productArt} service-${app}`}>
          <AppIcon app={app} size={160} />
        </div>
      </section>

      <section className="landing-section" aria-labelledby="features-title">
        <h2 id="features-title">{t('featuresHeading')}</h2>
        <ul className={styles.features}>
          {FEATURES.map((feature) => (
            <li key={feature}>
              <h3>{t(`${app}.features.${feature}.title`)}</h3>
              <p>{t(`${app}.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.tintBand} aria-labelledby="ages-title">
        <div className="landing-section">
          <h2 id="ages-title">{t('agesHeading')}</h2>
          <p className="section-lead">{t('agesText')}</p>
          <ul className={styles.ageCards}>
            {AGE_GROUPS.map((group, index) => (
              <li key={group}>
                <h3>{t('ageBand', AGE_BANDS[app][index])}</h3>
                <p>{t(`${app}.ages.${group}`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="others-title">
        <h2 id="others-title">{t('othersHeading')}</h2>
        <p className="section-lead">{t('othersText')}</p>
        <ul className="service-cards">
          {others.map((other) => (
            <li key={other} className={`service-card service-${other}`}>
              <AppIcon app={other} />
              <h3>{t(`${other}.title`)}</h3>
              <p>{t(`${other}.summary`)}</p>
              <Link prefetch={false} href={productPath(other)} className="text-link">
                {t(`${other}.link`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
