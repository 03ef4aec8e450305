'use client';

import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
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
  // Known at the first render in the browser (the form only ever mounts there, once the provider is
  // ready), so no button is inserted afterwards, pushing the card fields down.
  const apple = useSyncExternalStore(noSubscription, appleDevice, () => false);
  const applePay = apple && provider.canPayWithApplePay();

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
        // Another currency (another plan) is another PayPal button: back to ours.
        <PayPalChoice
          key={amount.currency}
          provider={provider}
          amount={amount}
          busy={busy}
          start={start}
          finish={finish}
        />
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

type PayPalChoiceProps = Pick<Props, 'provider' | 'amount' | 'busy' | 'start' | 'finish'>;

/**
 * PayPal with the hosted provider: our PayPal button first, so no PayPal code loads for a parent who pays
 * by card (docs/benchmarks.md#signed-in-pages). Choosing it loads paypal-checkout and PayPal's SDK (already
 * under way if the parent pointed at or focused it) and draws PayPal Checkout's own button in its place,
 * focused: PayPal's window opens only from a click on PayPal's button.
 */
function PayPalChoice({ provider, amount, busy, start, finish }: PayPalChoiceProps) {
  const t = useTranslations('PaymentForm');
  const hostId = `paypal-${useId().replace(/:/g, '')}`;
  const host = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<'ours' | 'loading' | 'drawn'>('ours');
  const stageNow = useRef(stage);
  const alive = useRef(true);
  // PayPal's callbacks call the latest handlers (kept after each commit, never written in render).
  const handlers = useRef({ start, finish });
  useEffect(() => {
    handlers.current = { start, finish };
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    stageNow.current = stage;
    if (stage !== 'drawn') return;
    // PayPal's button (its iframe) takes the focus our button had.
    const button = host.current?.querySelector<HTMLElement>('iframe, button, [tabindex]');
    (button ?? host.current)?.focus();
  }, [stage]);

  const preload = () => {
    if (stageNow.current === 'ours') void provider.preloadPayPal(amount).catch(() => undefined);
  };

  async function choose() {
    if (stageNow.current !== 'ours') return; // loading: the loader says so
    stageNow.current = 'loading';
    setStage('loading');
    try {
      await provider.mountPayPalButton(hostId, amount, {
        onStart: () => handlers.current.start('paypal'),
        onResult: (result) => handlers.current.finish(result),
      });
      if (alive.current) setStage('drawn');
    } catch {
      if (!alive.current) return;
      // Our button again (the parent may try once more), and the error where the form shows errors.
      stageNow.current = 'ours';
      setStage('ours');
      handlers.current.finish({ ok: false, message: 'tokenizeFailed' });
    }
  }

  const loading = stage === 'loading';
  return (
    <div className={styles.paypalChoice}>
      {stage !== 'drawn' ? (
        <button
          type="button"
          className={styles.paypal}
          disabled={busy !== null}
          aria-disabled={loading || undefined}
          aria-busy={loading || undefined}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => void choose()}
        >
          {loading ? (
            <Spinner label={t('paypalLoading')} />
          ) : (
            <>
              <WalletMark method="paypal" />
              <span className={styles.srOnly}>{t('paypal')}</span>
            </>
          )}
        </button>
      ) : (
        <p className={styles.paypalHint} role="status">
          {t('paypalContinue')}
        </p>
      )}
      <div
        id={hostId}
        ref={host}
        className={stage === 'drawn' ? styles.paypalHost : undefined}
        aria-busy={busy === 'paypal'}
        tabIndex={-1}
      />
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
