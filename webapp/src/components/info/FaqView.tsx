import { useTranslations } from 'next-intl';
import { INFO_PATHS } from '@/components/layout/site-pages';
import { Link } from '@/i18n/navigation';
import { FAQ_QUESTIONS, FAQ_SECTIONS } from './faq';
import '@/components/landing/sections.css';
import styles from './Info.module.css';
import own from './Faq.module.css';

/**
 * /faq: the questions in three sections (parental settings, account and subscription, general),
 * each opening and closing on its own (native <details>, no script). No FAQPage structured data: Google
 * shows FAQ rich results only for government and health sites (docs/web-speed.md).
 */
export default function FaqView() {
  const t = useTranslations('FaqPage');
  return (
    <div className={`landing ${styles.info}`}>
      <section className={`hero ${styles.plainHero}`} aria-labelledby="faq-title">
        <div className={styles.heroText}>
          <h1 id="faq-title">{t('title')}</h1>
          <p className="hero-lead">{t('intro')}</p>
          <nav aria-label={t('topicsLabel')}>
            <ul className={own.topics}>
              {FAQ_SECTIONS.map((section) => (
                <li key={section}>
                  <a href={`#${section}`}>{t(`sections.${section}.heading`)}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
      {FAQ_SECTIONS.map((section) => (
        <section
          key={section}
          id={section}
          className={`landing-section ${own.faqSection}`}
          aria-labelledby={`${section}-title`}
        >
          <h2 id={`${section}-title`}>{t(`sections.${section}.heading`)}</h2>
          <div className="faq">
            {FAQ_QUESTIONS.map((q) => (
              <details key={q} className="faq-item">
                <summary>{t(`sections.${section}.${q}.question`)}</summary>
                <p>{t(`sections.${section}.${q}.answer`)}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <section className="landing-section signup" aria-labelledby="faq-contact-title">
        <h2 id="faq-contact-title">{t('contact.heading')}</h2>
        <p>{t('contact.text')}</p>
        <Link prefetch={false} href={INFO_PATHS.support} className="button">
          {t('contact.link')}
        </Link>
      </section>
    </div>
  );
}
