import { useTranslations } from 'next-intl';
import { PRODUCT_APPS, productPath } from '@/components/layout/site-pages';
import { Link } from '@/i18n/navigation';
import AppIcon from './AppIcon';

/** The three apps, each linking to its product page (docs/product.md#screens). */
export default function ServiceCards() {
  const t = useTranslations('HomePage.services');
  return (
    <section className="landing-section" aria-labelledby="services-title">
      <h2 id="services-title">{t('heading')}</h2>
      <ul className="service-cards">
        {PRODUCT_APPS.map((app) => (
          <li key={app} className={`service-card service-${app}`}>
            <AppIcon app={app} />
            <h3>{t(`${app}.title`)}</h3>
            <p>{t(`${app}.text`)}</p>
            <Link prefetch={false} href={productPath(app)} className="text-link">
              {t('more', { app: t(`${app}.title`) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
