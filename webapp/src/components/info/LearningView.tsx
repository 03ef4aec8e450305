import { useTranslations } from 'next-intl';
import AppIcon from '@/components/landing/AppIcon';
import { INFO_PATHS, PRODUCT_APPS, productPath } from '@/components/layout/site-pages';
import { Link } from '@/i18n/navigation';
import { AGE_BANDS, AGE_GROUPS } from './products';
import '@/components/landing/sections.css';
import styles from './Info.module.css';
import own from './Learning.module.css';

const POINTS = ['p1', 'p2', 'p3'] as const;
const CONTROLS = ['timeLimit', 'contentType', 'ageFilter', 'language'] as const;

/** /learning: what children learn in each app, at which age, and the parents' controls. */
export default function LearningView() {
  const t = useTranslations('LearningPage');
  const tProduct = useTranslations('ProductInfoPage');
  const tHome = useTranslations('HomePage');
  return (
    <div className={`landing ${styles.info}`}>
      <section className={`hero ${styles.plainHero}`} aria-labelledby="learning-title">
        <div className={styles.heroText}>
          <h1 id="learning-title">{t('title')}</h1>
          <p className="hero-lead">{t('intro')}</p>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="apps-title">
        <h2 id="apps-title">{t('apps.heading')}</h2>
        <ul className="service-cards">
          {PRODUCT_APPS.map((app) => {
            const [young, older] = AGE_BANDS[app];
            return (
              <li key={app} className={`service-card service-${app} ${own.appCard}`}>
                <AppIcon app={app} />
                <h3>{t(`apps.${app}.title`)}</h3>
                <p>{t(`apps.${app}.text`)}</p>
                <ul className={own.points}>
                  {POINTS.map((point) => (
                    <li key={point}>{t(`apps.${app}.${point}`)}</li>
                  ))}
                </ul>
                <p className={own.bands}>
                  {t('apps.ages', {
                    young: tProduct('ageBand', young),
                    older: tProduct('ageBand', older),
                  })}
                </p>
                <Link prefetch={false} href={productPath(app)} className="text-link">
                  {t(`apps.${app}.link`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section className={styles.tintBand} aria-labelledby="ages-title">
        <div className="landing-section">
          <h2 id="ages-title">{t('ages.heading')}</h2>
          <p className="section-lead">{t('ages.text')}</p>
          <ul className={styles.ageCards}>
            {AGE_GROUPS.map((group) => (
              <li key={group}>
                <h3>{t(`ages.${group}.title`)}</h3>
                <p>{t(`ages.${group}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="controls-title">
        <h2 id="controls-title">{t('controls.heading')}</h2>
        <p className="section-lead">{t('controls.text')}</p>
        <ul className="benefits">
          {CONTROLS.map((key) => (
            <li key={key}>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="11" fill="#efeafd" />
                <path
                  d="M7 12.5l3.2 3.2L17 9"
                  fill="none"
                  stroke="#5a3fd1"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <div>
                <h3>{t(`controls.${key}.title`)}</h3>
                <p>{t(`controls.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className={styles.moreLink}>
          <Link prefetch={false} href={`${INFO_PATHS.help}#settings`} className="text-link">
            {t('controls.faqLink')}
          </Link>
        </p>
      </section>

      <section className="landing-section signup" aria-labelledby="learning-cta-title">
        <h2 id="learning-cta-title">{t('cta.heading')}</h2>
        <p>{tHome('hero.trial')}</p>
        <Link prefetch={false} href="/register" className="button">
          {tHome('emailForm.submit')}
        </Link>
      </section>
    </div>
  );
}
