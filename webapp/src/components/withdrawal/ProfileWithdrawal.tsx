'use client';

import { useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import type { ErrorKey } from '@/lib/api/errors';
import {
  withdrawFromProfile,
  type OpenContract,
  type WithdrawalAnswer,
} from '@/lib/api/withdrawals';
import styles from './Withdrawal.module.css';

type Props = { contract: OpenContract; onDone(withdrawal: WithdrawalAnswer): void };

/**
 * The profile's "withdraw from contract here" for one contract, shown only while its 14 days run
 * (GET /v5/withdrawals/open): one confirmation; the profile then shows the declaration as received.
 */
export default function ProfileWithdrawal({ contract, onDone }: Props) {
  const t = useTranslations('Withdrawal');
  const tErrors = useTranslations('Errors');
  const format = useFormatter();
  const locale = useLocale();
  const [step, setStep] = useState<'closed' | 'confirm' | 'sending'>('closed');
  const [failure, setFailure] = useState<ErrorKey | null>(null);
  const until = format.dateTime(new Date(contract.until), { dateStyle: 'long' });

  async function confirm() {
    setStep('sending');
    const result = await withdrawFromProfile(contract.subscriptionId, locale);
    setStep('closed');
    if (!result.ok) return setFailure(result.errorKey);
    onDone(result.data);
  }

  return (
    <div className={styles.withdrawBox} data-testid="profile-withdrawal">
      {failure && (
        <Flash kind="error" onClose={() => setFailure(null)}>
          {tErrors(failure)}
        </Flash>
      )}
      {step === 'closed' ? (
        <>
          <button type="button" className={styles.linkButton} onClick={() => setStep('confirm')}>
            {t('function')}
          </button>
          <p className={styles.hint}>
            {t('reference')}: <span dir="ltr">{contract.reference}</span> ·{' '}
            {t('until', { date: until })}
          </p>
        </>
      ) : (
        <>
          <p>{t('profileConfirm', { reference: contract.reference })}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              disabled={step === 'sending'}
              onClick={() => void confirm()}
            >
              {step === 'sending' ? <Spinner label={t('sending')} /> : t('confirm')}
            </button>
            <button
              type="button"
              className={styles.linkButton}
              disabled={step === 'sending'}
              onClick={() => setStep('closed')}
            >
              {t('cancel')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
