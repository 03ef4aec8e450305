'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatMoney, toCents } from '@/components/pricing/plans';
import type { WithdrawalAnswer } from '@/lib/api/withdrawals';
import styles from './Withdrawal.module.css';

/** The stored declaration as received: what was sent, when, and the refund; printable (art. 11a(3) CRD). */
export default function WithdrawalReceipt({ withdrawal: w }: { withdrawal: WithdrawalAnswer }) {
  const t = useTranslations('Withdrawal');
  const format = useFormatter();
  const locale = useLocale();
  const at = format.dateTime(new Date(w.receivedAt), {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  });
  const amount = w.currency ? formatMoney(toCents(w.refundAmount), w.currency, locale) : '';
  const refunded = toCents(w.refundAmount) > 0;
  return (
    <section
      className={styles.receipt}
      aria-labelledby="withdrawal-done-title"
      data-testid="withdrawal-receipt"
    >
      <h2 id="withdrawal-done-title" tabIndex={-1}>
        {t('doneTitle')}
      </h2>
      <p role="status">{t('doneBody', { reference: w.reference, at, email: w.email })}</p>
      <dl>
        <dt>{t('name')}</dt>
        <dd>{w.name}</dd>
        <dt>{t('email')}</dt>
        <dd dir="ltr">{w.email}</dd>
        <dt>{t('reference')}</dt>
        <dd dir="ltr">{w.reference}</dd>
      </dl>
      <p data-figure="refund">{refunded ? t('refund', { amount }) : t('noRefund')}</p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('print')}
        </button>
      </div>
    </section>
  );
}
