'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import Spinner from '@/components/common/Spinner';
import { formatMoney, toCents } from '@/components/pricing/plans';
import type { Quote } from '@/lib/api/billing';
import type { QuoteState } from './useQuote';
import styles from './PaymentPage.module.css';

/**
 * What is charged and when, before the parent pays — today's charge, the first charge (amount and
 * date), the price after any discount, the renewal period and how to cancel. Every figure comes from
 * GET /v5/braintree/quote and is formatted for the page's locale.
 */
export default function OrderSummary({ state }: { state: QuoteState }) {
  const t = useTranslations('PaymentPage.summary');
  const tErrors = useTranslations('Errors');
  const format = useFormatter();
  const locale = useLocale();
  const { quote, errorKey } = state;
  if (errorKey)
    return (
      <p className={styles.summaryError} role="alert">
        {tErrors(errorKey)}
      </p>
    );
  if (!quote)
    return (
      <div className={styles.summary}>
        <Spinner label={t('loading')} />
      </div>
    );

  const money = (amount: string) => formatMoney(toCents(amount), quote.currency, locale);
  const date = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'long', timeZone: 'UTC' });
  const later = laterPrice(quote);
  return (
    <section
      className={styles.summary}
      aria-labelledby="order-summary-title"
      data-testid="order-summary"
    >
      <h2 id="order-summary-title">{t('title')}</h2>
      <dl>
        <div>
          <dt>{t('today')}</dt>
          <dd data-figure="today">{money(quote.todayAmount)}</dd>
        </div>
        <div>
          <dt>{t('firstCharge')}</dt>
          <dd data-figure="first">
            {t('amountOn', {
              amount: money(quote.firstChargeAmount),
              date: date(quote.firstChargeDate),
            })}
          </dd>
        </div>
        {later && (
          <div>
            <dt>{t('then')}</dt>
            <dd data-figure="then">
              {t('priceFrom', {
                price: money(quote.price),
                period: quote.period,
                date: date(later),
              })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('renewal')}</dt>
          <dd data-figure="renewal">
            {t('renews', { price: money(quote.price), period: quote.period })}
          </dd>
        </div>
      </dl>
      <p className={styles.note}>
        {quote.freeDays > 0
          ? t('cancelBefore', { date: date(quote.firstChargeDate) })
          : t('cancelAnytime')}
      </p>
    </section>
  );
}

/** When the full price starts, if a discount period comes first. */
function laterPrice(quote: Quote): string | null {
  return quote.discountPrice !== null && quote.fullPriceFrom ? quote.fullPriceFrom : null;
}
