'use client';

import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorFocus } from '@/components/common/errorFocus';
import Spinner from '@/components/common/Spinner';
import { isErrorKey } from '@/lib/api/errors';
import CardFields from './CardFields';
import ChallengeDialog, { type ChallengeState } from './ChallengeDialog';
import { cardProblems, type CardField, type CardValues } from './cardFormat';
import type {
  CardCheck,
  ChallengeHost,
  Nonce,
  PaymentMessage,
  PaymentMethod,
  PaymentProvider,
  TokenizeResult,
  Verification,
  WalletAmount,
} from './provider';
import WalletButtons from './WalletButtons';
import styles from './PaymentForm.module.css';

export { isAppleDevice } from './WalletButtons';

type Props = {
  provider: PaymentProvider;
  amount: WalletAmount | null;
  payLabel: string;
  /** What 3-D Secure authenticates: the first charge, or the card verification when the first days are free. */
  verification?: Omit<Verification, 'billingName'> | null;
  /** A reason not to pay yet (e.g. no plan chosen), checked before anything is tokenized. */
  precheck?: () => PaymentMessage | null;
  /** Sends the nonce to the API; resolves to an error message, or null on success. */
  onNonce(nonce: Nonce, billingName: string): Promise<PaymentMessage | null>;
  /** The older flow chose PayPal or Google Pay on a step of its own. */
  showWallets?: boolean;
  /** Above every pay button: the EU express request to start at once (docs/consumer-law-withdrawal.md). */
  consent?: ReactNode;
  /** Right above the pay button: what will be charged, and when. */
  payNote?: ReactNode;
};

const EMPTY_CARD: CardValues = { number: '', expiry: '', cvv: '', holderName: '' };

export function usePaymentMessage() {
  const tErrors = useTranslations('Errors');
  const t = useTranslations('PaymentForm.errors');
  return (message: PaymentMessage) => (isErrorKey(message) ? tErrors(message) : t(message));
}

/** The dialog of the bank's 3-D Secure challenge, as a host the providers drive. */
export function useChallenge(): [ChallengeState | null, ChallengeHost] {
  const [challenge, setChallenge] = useState<ChallengeState | null>(null);
  const host = useMemo<ChallengeHost>(
    () => ({
      showBankFrame: (element, cancel) => setChallenge({ kind: 'bank', element, cancel }),
      askSandbox: () => new Promise((answer) => setChallenge({ kind: 'sandbox', answer })),
      close: () => setChallenge(null),
    }),
    [],
  );
  return [challenge, host];
}

/** Apple Pay or Google Pay, PayPal, divider, card fields, holder name and the pay button. */
export default function PaymentForm({
  provider,
  amount,
  payLabel,
  verification,
  precheck,
  onNonce,
  showWallets = true,
  consent,
  payNote,
}: Props) {
  const t = useTranslations('PaymentForm');
  const messageOf = usePaymentMessage();
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [invalid, setInvalid] = useState<CardField[]>([]);
  const [error, setError] = useState<PaymentMessage | null>(null);
  const [busy, setBusy] = useState<PaymentMethod | null>(null);
  const [challenge, challengeHost] = useChallenge();
  const busyNow = useRef<PaymentMethod | null>(null);
  const { ref: formRef, focusError } = useErrorFocus();
  const holderName = card.holderName.trim();
  const wallet = amount ?? { amount: '0', currency: 'EUR' };
  const check: CardCheck = {
    verification: {
      amount: verification?.amount ?? wallet.amount,
      email: verification?.email,
      billingName: holderName,
    },
    challenge: challengeHost,
  };

  function start(method: PaymentMethod): boolean {
    if (busyNow.current) return false;
    const blocked = precheck?.() ?? null;
    setError(blocked);
    if (blocked) {
      focusError();
      return false;
    }
    busyNow.current = method;
    setBusy(method);
    return true;
  }

  // Nothing typed is cleared on failure: the parent corrects one field and pays again.
  async function finish(result: TokenizeResult): Promise<void> {
    try {
      if (!result.ok) {
        setError(result.message);
        if (result.fields) setInvalid(result.fields);
        focusError();
        return;
      }
      const refused = await onNonce(result, holderName);
      setError(refused);
      if (refused) focusError();
    } catch {
      setError('somethingWentWrong');
      focusError();
    } finally {
      busyNow.current = null;
      setBusy(null);
    }
  }

  async function pay(method: PaymentMethod, tokenize: () => Promise<TokenizeResult>) {
    if (!start(method)) return;
    let result: TokenizeResult;
    try {
      result = await tokenize();
    } catch {
      result = { ok: false, message: 'somethingWentWrong' };
    }
    await finish(result);
  }

  function submitCard(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (provider.kind === 'sandbox') {
      const problems = cardProblems(card);
      setInvalid([...problems.empty, ...problems.invalid]);
    } else {
      setInvalid(holderName ? [] : ['holderName']);
      if (!holderName) {
        focusError();
        return setError('fieldsEmpty');
      }
    }
    void pay('card', () => provider.tokenizeCard(card, check));
  }

  const holderError = invalid.includes('holderName');
  return (
    <form
      ref={formRef}
      className={`form ${styles.payment}`}
      data-payment-form // the cookie banner keeps clear of it (docs/accessibility.md)
      onSubmit={submitCard}
      noValidate
      aria-busy={busy !== null}
    >
      {error && (
        <Flash kind="error" id="payment-error" onClose={() => setError(null)}>
          {messageOf(error)}
        </Flash>
      )}
      {consent}
      {showWallets && (
        <WalletButtons
          provider={provider}
          amount={wallet}
          busy={busy}
          check={check}
          pay={pay}
          start={start}
          finish={(result) => void finish(result)}
        />
      )}
      {showWallets && (
        <p className={styles.divider}>
          <span>{t('orCard')}</span>
        </p>
      )}
      <CardFields
        provider={provider}
        card={card}
        onChange={setCard}
        invalid={invalid}
        onInvalid={setInvalid}
        disabled={busy !== null}
      />
      <label className="field">
        <span>{t('holderName')}</span>
        <input
          name="holderName"
          value={card.holderName}
          autoComplete="cc-name"
          disabled={busy !== null}
          aria-invalid={holderError || undefined}
          aria-describedby={holderError ? 'holder-error' : undefined}
          onChange={(e) => setCard({ ...card, holderName: e.target.value })}
        />
        {holderError && (
          <span id="holder-error" className={styles.fieldError}>
            {t('fieldErrors.holderName')}
          </span>
        )}
      </label>
      {payNote}
      <button type="submit" className="button" disabled={busy !== null}>
        {busy === 'card' ? <Spinner label={t('processing')} /> : payLabel}
      </button>
      <p className={styles.note}>
        {provider.kind === 'sandbox' ? t('sandboxNote') : t('secureNote')}
      </p>
      {challenge && <ChallengeDialog challenge={challenge} />}
    </form>
  );
}
