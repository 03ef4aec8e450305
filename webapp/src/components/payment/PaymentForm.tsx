'use client';

import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { isErrorKey } from '@/lib/api/errors';
import CardFields from './CardFields';
import { cardProblems, type CardField, type CardValues } from './cardFormat';
import type { Nonce, PaymentMessage, PaymentProvider, TokenizeResult, WalletAmount } from './provider';
import styles from './PaymentForm.module.css';

type Props = {
  provider: PaymentProvider;
  amount: WalletAmount | null;
  payLabel: string;
  /** A reason not to pay yet (e.g. no plan chosen), checked before anything is tokenized. */
  precheck?: () => PaymentMessage | null;
  /** Sends the nonce to the API; resolves to an error message, or null on success. */
  onNonce(nonce: Nonce, billingName: string): Promise<PaymentMessage | null>;
  /** The older flow chose PayPal or Google Pay on a step of its own. */
  showWallets?: boolean;
};

const EMPTY_CARD: CardValues = { number: '', expiry: '', cvv: '', holderName: '' };

/** Apple devices get no Google Pay button (SPEC 2). */
export function isAppleDevice(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Macintosh|Mac OS X/.test(userAgent);
}

const noSubscription = () => () => {};
const notAppleDevice = () => !isAppleDevice(navigator.userAgent);

export function usePaymentMessage() {
  const tErrors = useTranslations('Errors');
  const t = useTranslations('PaymentForm.errors');
  return (message: PaymentMessage) => (isErrorKey(message) ? tErrors(message) : t(message));
}

/** Google Pay, PayPal, divider, card fields, holder name and the pay button. */
export default function PaymentForm({ provider, amount, payLabel, precheck, onNonce, showWallets = true }: Props) {
  const t = useTranslations('PaymentForm');
  const messageOf = usePaymentMessage();
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [invalid, setInvalid] = useState<CardField[]>([]);
  const [error, setError] = useState<PaymentMessage | null>(null);
  const [busy, setBusy] = useState<'card' | 'paypal' | 'googlePay' | null>(null);
  // Known at the first render in the browser (the form only ever mounts there, once the provider is
  // ready), so the button is not inserted afterwards, pushing the card fields down.
  const showGooglePay = useSyncExternalStore(noSubscription, notAppleDevice, () => false);

  // Nothing typed is cleared on failure: the parent corrects one field and pays again.
  async function pay(method: 'card' | 'paypal' | 'googlePay', tokenize: () => Promise<TokenizeResult>) {
    if (busy) return;
    const blocked = precheck?.() ?? null;
    setError(blocked);
    if (blocked) return;
    setBusy(method);
    try {
      const result = await tokenize();
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setError(await onNonce(result, card.holderName.trim()));
    } catch {
      setError('somethingWentWrong');
    } finally {
      setBusy(null);
    }
  }

  function submitCard(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (provider.kind === 'sandbox') {
      const problems = cardProblems(card);
      setInvalid([...problems.empty, ...problems.invalid]);
    } else {
      setInvalid(card.holderName.trim() ? [] : ['holderName']);
      if (!card.holderName.trim()) return setError('fieldsEmpty');
    }
    void pay('card', () => provider.tokenizeCard(card));
  }

  const wallet = amount ?? { amount: '0', currency: 'EUR' };
  return (
    <form className={`form ${styles.payment}`} onSubmit={submitCard} noValidate aria-busy={busy !== null}>
      {error && <Flash kind="error" onClose={() => setError(null)}>{messageOf(error)}</Flash>}
      {showWallets && (
        <div className={styles.wallets}>
          {showGooglePay && (
            <button type="button" className={styles.googlePay} disabled={busy !== null}
              onClick={() => pay('googlePay', () => provider.payWithGooglePay(wallet))}>
              {busy === 'googlePay' ? <Spinner label={t('processing')} /> : t('googlePay')}
            </button>
          )}
          <button type="button" className={styles.paypal} disabled={busy !== null}
            onClick={() => pay('paypal', () => provider.payWithPayPal(wallet))}>
            {busy === 'paypal' ? <Spinner label={t('processing')} /> : t('paypal')}
          </button>
        </div>
      )}
      {showWallets && <p className={styles.divider}><span>{t('orCard')}</span></p>}
      <CardFields provider={provider} card={card} onChange={setCard} invalid={invalid} disabled={busy !== null} />
      <label className="field">
        <span>{t('holderName')}</span>
        <input value={card.holderName} autoComplete="cc-name" disabled={busy !== null}
          aria-invalid={invalid.includes('holderName') || undefined}
          onChange={(e) => setCard({ ...card, holderName: e.target.value })} />
      </label>
      <button type="submit" className="button" disabled={busy !== null}>
        {busy === 'card' ? <Spinner label={t('processing')} /> : payLabel}
      </button>
      <p className={styles.note}>{provider.kind === 'sandbox' ? t('sandboxNote') : t('secureNote')}</p>
    </form>
  );
}
