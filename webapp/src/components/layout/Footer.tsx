import { useLocale, useTranslations } from 'next-intl';
import CookieSettingsLink from '@/components/consent/CookieSettingsLink';
import NewsletterForm from '@/components/newsletter/NewsletterForm';
import LocaleSwitcher from './LocaleSwitcher';
import { marketingUrl, PRODUCT_PAGES, productPageUrl, type MarketingPage } from './marketing';

const INFO_LINKS: readonly { page: MarketingPage; key: 'help' | 'about' | 'legal' | 'privacy' | 'support' }[] = [
  { page: 'help', key: 'help' },
  { page: 'about', key: 'about' },
  { page: 'legal-notice', key: 'legal' },
  { page: 'privacy-and-cookies', key: 'privacy' },
  { page: 'support', key: 'support' },
];

// SPEC 2 "Footer"; not rendered on TV platforms (the site layout decides).
export default function Footer() {
  const t = useTranslations('Footer');
  const locale = useLocale();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <nav aria-label={t('productsLabel')}>
          <h2 className="footer-title">{t('productsLabel')}</h2>
          <ul className="footer-list">
            {PRODUCT_PAGES.map((product) => (
              <li key={product}>
                <a href={productPageUrl(locale, product)}>{t(`products.${product}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('infoLabel')}>
          <h2 className="footer-title">{t('infoLabel')}</h2>
          <ul className="footer-list">
            {INFO_LINKS.map(({ page, key }) => (
              <li key={page}>
                <a href={marketingUrl(locale, page)}>{t(`links.${key}`)}</a>
              </li>
            ))}
            <li>
              <CookieSettingsLink />
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-title">{t('languageLabel')}</h2>
          <LocaleSwitcher />
        </div>
        <div>
          <NewsletterForm />
        </div>
      </div>
      <p className="copyright">{t('copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
