'use client';

import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import styles from './PaymentProviderStatus.module.css';
import type { ProviderState } from './usePaymentProvider';

/**
 * Where the payment form comes: while the provider loads, a spinner as tall as the form it makes way for
 * (the footer does not jump when the form arrives); when it failed, why and a retry. Nothing once ready
 * (the page shows its PaymentForm).
 */
export default function PaymentProviderStatus({
  provider,
  preparing,
  retryLabel,
}: {
  provider: ProviderState & { retry(): void };
  /** The spinner's label. */
  preparing: string;
  retryLabel: string;
}) {
  const tErrors = useTranslations('Errors');
  if (provider.status === 'loading')
    return (
      <div className={styles.placeholder}>
        <Spinner label={preparing} />
      </div>
    );
  if (provider.status === 'failed')
    return (
      <Flash kind="error">
        <p>{tErrors(provider.errorKey)}</p>
        <button type="button" className="button" onClick={provider.retry}>
          {retryLabel}
        </button>
      </Flash>
    );
  return null;
}
