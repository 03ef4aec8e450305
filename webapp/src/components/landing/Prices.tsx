import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { RegisterPrice } from '@/lib/api/register-price';

/** Formats one of the API's amounts ("59.90") in the page's language; no price is computed here. */
export function formatPrice(amount: string, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
}

/** The landing page's prices, as the API quotes them for the visitor's country. */
export default function Prices({ price }: { price: RegisterPrice | null }) {
  const t = useTranslations('HomePage.prices');
  const locale = useLocale();
  if (!price) return null;
  const money = (amount: string) => formatPrice(amount, price.currency, locale);
  return (
    <section className="landing-section prices" aria-labelledby="prices-title">
      <h2 id="prices-title">{t('heading')}</h2>
      <div className="price-card">
        <p className="price-main">{t('from', { price: money(price.monthlyPrice) })}</p>
        <p className="price-yearly">
          {t('yearly', {
            price: money(price.yearlyPrice),
            perMonth: money(price.yearlyPerMonthPrice),
            amount: money(price.yearlySavings),
          })}
        </p>
        <p className="price-note">{t('note')}</p>
        <Link href="/register" className="button">
          {t('cta')}
        </Link>
      </div>
    </section>
  );
}
