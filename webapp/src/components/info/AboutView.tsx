import { useTranslations } from 'next-intl';
import { INFO_PATHS } from '@/components/layout/site-pages';
import { Link } from '@/i18n/navigation';
import '@/components/landing/sections.css';
import styles from './Info.module.css';
import own from './About.module.css';

const FIGURES = ['f1', 'f2', 'f3', 'f4'] as const;
const PROMISES = ['noAds', 'noDataSale', 'profiles', 'safeContent'] as const;

/** /about: who Lumo is, what it promises parents, a few figures, and a way to reach us. */
export default function AboutView() {
  const t = useTranslations('AboutPage');
  return (
    <div className={`landing ${styles.info}`}>
      <section className={`hero ${styles.plainHero}`} aria-labelledby="about-title">
        <div className={styles.heroText}>
          <h1 id="about-title">{t('title')}</h1>
          <p className="hero-lead">{t('intro')}</p>
        </div>
      </section>

      <section className={`landing-section ${own.prose}`} aria-labelledby="story-title">
        <h2 id="story-title">{t('story.heading')}</h2>
        <p>{t('story.p1')}</p>
        <p>{t('story.p2')}</p>
      </section>

      <section className={own.figuresBand} aria-labelledby="figures-title">
        <div className="landing-section">
          <h2 id="figures-title">{t('figures.heading')}</h2>
          <ul className={own.figures}>
            {FIGURES.map((key) => (
              <li key={key}>
                {t.rich(`figures.${key}`, { strong: (chunks) => <strong>{chunks}</strong> })}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="promises-title">
        <h2 id="promises-title">{t('promises.heading')}</h2>
        <ul className="benefits">
          {PROMISES.map((key) => (
            <li key={key}>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="11" fill="#e6f4ea" />
                <path
                  d="M7 12.5l3.2 3.2L17 9"
                  fill="none"
                  stroke="#1e6b3a"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <div>
                <h3>{t(`promises.${key}.title`)}</h3>
                <p>{t(`promises.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className={styles.moreLink}>
          <Link prefetch={false} href={INFO_PATHS.learning} className="text-link">
            {t('learningLink')}
          </Link>
        </p>
      </section>

      <section className="landing-section signup" aria-labelledby="about-contact-title">
        <h2 id="about-contact-title">{t('contact.heading')}</h2>
        <p>{t('contact.text')}</p>
        <Link prefetch={false} href={INFO_PATHS.support} className="button">
          {t('contact.link')}
        </Link>
      </section>
    </div>
  );
}
