'use client';

import { useCallback, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { useLoaded } from '@/components/common/useLoaded';
import { formatMoney, toCents } from '@/components/pricing/plans';
import { Link } from '@/i18n/navigation';
import { billingHistory, type BillingEntry } from '@/lib/api/billing-history';
import type { ErrorKey } from '@/lib/api/errors';
import styles from './Billing.module.css';

const KINDS = ['charge', 'refund', 'void', 'withdrawal_refund', 'withdrawal_void'] as const;
const STATUSES = ['pending', 'succeeded', 'failed'] as const;
const METHODS = ['card', 'paypal', 'google_pay', 'apple_pay'] as const;

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** The profile's billing history: every charge, refund and void, newest first, each with its document. */
export default function BillingHistoryView() {
  const t = useTranslations('BillingPage');
  const tErrors = useTranslations('Errors');
  const locale = useLocale();
  const format = useFormatter();
  const [entries, setEntries] = useState<BillingEntry[] | null>(null);
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(null);

  const show = useCallback((result: Awaited<ReturnType<typeof billingHistory>>) => {
    if (result.ok) setEntries(result.data.entries);
    else setErrorKey(result.errorKey);
  }, []);
  useLoaded(billingHistory, show);

  function method(entry: BillingEntry): string {
    const m = entry.method as {
      type?: string | null;
      brand?: string | null;
      last4?: string | null;
    };
    const type = (m.type ?? '').toLowerCase();
    if (type === 'card' && m.brand && m.last4) {
      return t('methods.card', { brand: m.brand, last4: m.last4 });
    }
    return isOneOf(METHODS, type) && type !== 'card' ? t(`methods.${type}`) : t('methods.other');
  }

  if (errorKey) {
    return (
      <Flash kind="error">
        {t('error')} {tErrors(errorKey)}
      </Flash>
    );
  }
  if (entries === null) return <Spinner label={t('loading')} />;
  if (entries.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="billing-history">
        <thead>
          <tr>
            <th scope="col">{t('date')}</th>
            <th scope="col">{t('what')}</th>
            <th scope="col">{t('amount')}</th>
            <th scope="col">{t('method')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('document')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-kind={entry.kind}>
              <td>{format.dateTime(new Date(entry.date), { dateStyle: 'medium' })}</td>
              <td>{isOneOf(KINDS, entry.kind) ? t(`kinds.${entry.kind}`) : entry.kind}</td>
              <td dir="ltr" className={styles.amount}>
                {formatMoney(toCents(entry.amount), entry.currency, locale)}
              </td>
              <td>{method(entry)}</td>
              <td>
                {isOneOf(STATUSES, entry.status) ? t(`statuses.${entry.status}`) : entry.status}
              </td>
              <td>
                {entry.document ? (
                  <Link prefetch={false} href={`/billing/${entry.document.number}`}>
                    <span dir="ltr" className={styles.number}>
                      {entry.document.number}
                    </span>
                  </Link>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
