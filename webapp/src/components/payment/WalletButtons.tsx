'use client';

import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { siApplepay, siGooglepay, siPaypal, type SimpleIcon } from 'simple-icons';
import BrandMark from '@/components/brand/BrandMark';
import Spinner from '@/components/common/Spinner';
import type {
  CardCheck,
  PaymentMethod,
  PaymentProvider,
  TokenizeResult,
  WalletAmount,
} from './provider';
import styles from './PaymentForm.module.css';

/** Apple devices get Apple Pay (where the browser offers it) and no Google Pay (docs/product.md#screens). */
export function isAppleDevice(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Macintosh|Mac OS X/.test(userAgent);
}

const noSubscription = () => () => {};
const appleDevice = () => isAppleDevice(navigator.userAgent);

type Props = {
  provider: PaymentProvider;
  amount: WalletAmount;
  busy: PaymentMethod | null;
  check: CardCheck;
  /** Runs one wallet payment (the form checks the plan, shows progress and sends the nonce). */
  pay(method: PaymentMethod, tokenize: () => Promise<TokenizeResult>): void;
  /** PayPal Checkout's own button: its click asks to start, its outcome comes back. */
  start(method: PaymentMethod): boolean;
  finish(result: TokenizeResult): void;
};

/** Google Pay or Apple Pay, and PayPal (our button in the sandbox, PayPal Checkout's with Braintree). */
export default function WalletButtons({
  provider,
  amount,
  busy,
  check,
  pay,
  start,
  finish,
}: Props) {
  const t = useTranslations('PaymentForm');
  const paypalId = `paypal-${useId().replace(/:/g, '')}`;
  // Known at the first render in the browser (the form only ever mounts there, once the provider is
  // ready), so no button is inserted afterwards, pushing the card fields down.
  const apple = useSyncExternalStore(noSubscription, appleDevice, () => false);
  const applePay = apple && provider.canPayWithApplePay();
  // PayPal's callbacks call the latest handlers (kept after each commit, never written in render).
  const handlers = useRef({ start, finish });
  useEffect(() => {
    handlers.current = { start, finish };
  });

  useEffect(() => {
    if (provider.paypalButton !== 'provider') return;
    void provider
      .mountPayPalButton(paypalId, amount, {
        onStart: () => handlers.current.start('paypal'),
        onResult: (result) => handlers.current.finish(result),
      })
      .catch(() => handlers.current.finish({ ok: false, message: 'tokenizeFailed' }));
    // PayPal's button is drawn once per provider and currency (the vault flow has no amount).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider, amount.currency, paypalId]);

  // Each wallet's button after its brand's button guidelines: the wallet's mark is what shows, the
  // localized "Pay with …" is its accessible name.
  const label = (method: PaymentMethod, text: string) =>
    busy === method ? (
      <Spinner label={t('processing')} />
    ) : (
      <>
        <WalletMark method={method} />
        <span className={styles.srOnly}>{text}</span>
      </>
    );
  return (
    <div className={styles.wallets}>
      {applePay && (
        <button
          type="button"
          className={styles.applePay}
          disabled={busy !== null}
          onClick={() => pay('applePay', () => provider.payWithApplePay(amount))}
        >
          {label('applePay', t('applePay'))}
        </button>
      )}
      {!apple && (
        <button
          type="button"
          className={styles.googlePay}
          disabled={busy !== null}
          onClick={() => pay('googlePay', () => provider.payWithGooglePay(amount, check))}
        >
          {label('googlePay', t('googlePay'))}
        </button>
      )}
      {provider.paypalButton === 'provider' ? (
        <div id={paypalId} className={styles.paypalHost} aria-busy={busy === 'paypal'} />
      ) : (
        <button
          type="button"
          className={styles.paypal}
          disabled={busy !== null}
          onClick={() => pay('paypal', () => provider.payWithPayPal(amount))}
        >
          {label('paypal', t('paypal'))}
        </button>
      )}
    </div>
  );
}

const WALLET_MARKS: Partial<Record<PaymentMethod, SimpleIcon>> = {
  applePay: siApplepay,
  googlePay: siGooglepay,
  paypal: siPaypal,
};

/** Apple Pay's and Google Pay's white marks on black; PayPal's monogram and name on its gold. */
function WalletMark({ method }: { method: PaymentMethod }) {
  const icon = WALLET_MARKS[method];
  if (!icon) return null;
  if (method !== 'paypal') return <BrandMark icon={icon} size={44} color="#fff" />;
  return (
    <span className={styles.paypalMark} aria-hidden="true">
      <BrandMark icon={icon} size={22} />
      {icon.title}
    </span>
  );
}
