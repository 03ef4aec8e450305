import type { ReactElement } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { PRODUCT_PAGES, productPageUrl, type ProductPage } from '@/components/layout/marketing';

const ICONS: Record<ProductPage, ReactElement> = {
  tv: <path d="M10 14h44v30H10zM26 50h12M32 44v6M28 22v14l12-7z" />,
  stories: <path d="M8 16q12-4 24 2v32q-12-6-24-2zM56 16q-12-4-24 2v32q12-6 24-2z" />,
  games: <path d="M14 24h36a8 8 0 0 1 0 20H14a8 8 0 0 1 0-20zM20 34h10M25 29v10M42 31v0M48 37v0" />,
};

/** The three apps, each linking to its page on the marketing site (SPEC 2). */
export default function ServiceCards() {
  const t = useTranslations('HomePage.services');
  const locale = useLocale();
  return (
    <section className="landing-section" aria-labelledby="services-title">
      <h2 id="services-title">{t('heading')}</h2>
      <ul className="service-cards">
        {PRODUCT_PAGES.map((app) => (
          <li key={app} className={`service-card service-${app}`}>
            <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
              <g fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
                {ICONS[app]}
              </g>
            </svg>
            <h3>{t(`${app}.title`)}</h3>
            <p>{t(`${app}.text`)}</p>
            <a href={productPageUrl(locale, app)} className="text-link">
              {t('more', { app: t(`${app}.title`) })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
