'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatMoney, toCents } from '@/components/pricing/plans';
import type { Quote } from '@/lib/api/billing';
import styles from './Withdrawal.module.css';

/**
 * Next to the pay button: the price that will be charged (after any free days) and when, from the API's
 * quote (GET /v5/braintree/quote), so the parent sees it where they agree to pay.
 */
export default function ChargeNote({ quote }: { quote: Quote | null }) {
  const t = useTranslations('Withdrawal');
  const format = useFormatter();
  const locale = useLocale();
  if (!quote) return null;
  const price = formatMoney(toCents(quote.firstChargeAmount), quote.currency, locale);
  const date = format.dateTime(new Date(quote.firstChargeDate), {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  return (
    <p className={styles.chargeNote} data-testid="charge-note">
      {quote.freeDays > 0
        ? t('chargedOn', { price, date, period: quote.period })
        : t('chargedNow', { price, period: quote.period })}
    </p>
  );
}
