import { useLocale, useTranslations } from 'next-intl';
import CookieSettingsLink from '@/components/consent/CookieSettingsLink';
import NewsletterForm from '@/components/newsletter/NewsletterForm';
import { Link } from '@/i18n/navigation';
import LocaleSwitcher from './LocaleSwitcher';
import { marketingUrl, type MarketingPage } from './marketing';
import NextLink from 'next/link';
import { INFO_PATHS, PRODUCT_APPS, PRODUCT_LINKS_WITHOUT_LOCALE, productPath } from './site-pages';

type InfoKey = 'help' | 'about' | 'learning' | 'legal' | 'privacy' | 'support';

// Our own pages go through the locale-aware Link; only the legal texts stay on the marketing site.
const INFO_LINKS: readonly ({ key: InfoKey } & (
  { path: string } | { marketing: MarketingPage }
))[] = [
  { key: 'help', path: INFO_PATHS.help },
  { key: 'about', path: INFO_PATHS.about },
  { key: 'learning', path: INFO_PATHS.learning },
  { key: 'legal', marketing: 'legal-notice' },
  { key: 'privacy', marketing: 'privacy-and-cookies' },
  { key: 'support', path: INFO_PATHS.support },
];

// docs/product.md#screens "Footer"; not rendered on TV platforms (the site layout decides).
export default function Footer() {
  const t = useTranslations('Footer');
  const tCancel = useTranslations('CancelContract');
  const tWithdraw = useTranslations('Withdrawal');
  const locale = useLocale();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <nav aria-label={t('productsLabel')}>
          <h2 className="footer-title">{t('productsLabel')}</h2>
          <ul className="footer-list">
            {PRODUCT_APPS.map((app) => (
              <li key={app}>
                {PRODUCT_LINKS_WITHOUT_LOCALE.has(locale) ? (
                  <NextLink prefetch={false} href={productPath(app)}>
                    {t(`products.${app}`)}
                  </NextLink>
                ) : (
                  <Link prefetch={false} href={productPath(app)}>
                    {t(`products.${app}`)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('infoLabel')}>
          <h2 className="footer-title">{t('infoLabel')}</h2>
          <ul className="footer-list">
            {INFO_LINKS.map((link) => (
              <li key={link.key}>
                {'path' in link ? (
                  <Link prefetch={false} href={link.path}>
                    {t(`links.${link.key}`)}
                  </Link>
                ) : (
                  <a href={marketingUrl(locale, link.marketing)}>{t(`links.${link.key}`)}</a>
                )}
              </li>
            ))}
            <li>
              <CookieSettingsLink />
            </li>
            <li>
              {/* Always there, one click from every page (docs/consumer-law.md#cancellation-page). */}
              <Link prefetch={false} href="/cancel-contract" className="footer-cancel">
                {tCancel('link')}
              </Link>
            </li>
            <li>
              {/* The withdrawal function, prominent on every page (docs/consumer-law-withdrawal.md). */}
              <Link prefetch={false} href="/withdraw" className="footer-cancel">
                {tWithdraw('function')}
              </Link>
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
