'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import styles from './PaymentForm.module.css';

/** The bank's 3-D Secure challenge: Braintree's iframe, or the sandbox's stand-in for the bank. */
export type ChallengeState =
  | { kind: 'bank'; element: HTMLElement; cancel(): void }
  | { kind: 'sandbox'; answer(outcome: 'authenticate' | 'fail' | 'cancel'): void };

export default function ChallengeDialog({ challenge }: { challenge: ChallengeState }) {
  const t = useTranslations('PaymentForm.challenge');
  const frame = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    title.current?.focus();
    if (challenge.kind !== 'bank' || !frame.current) return;
    const host = frame.current;
    host.appendChild(challenge.element);
    return () => {
      if (challenge.element.parentNode === host) host.removeChild(challenge.element);
    };
  }, [challenge]);

  const cancel = () =>
    challenge.kind === 'bank' ? challenge.cancel() : challenge.answer('cancel');
  return (
    <div className={styles.overlay}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="challenge-title"
        aria-describedby="challenge-intro"
        className={styles.dialog}
        onKeyDown={(e) => e.key === 'Escape' && cancel()}
      >
        <h2 id="challenge-title" ref={title} tabIndex={-1}>
          {t('title')}
        </h2>
        <p id="challenge-intro">{t('intro')}</p>
        {challenge.kind === 'bank' ? (
          <div ref={frame} className={styles.bankFrame} />
        ) : (
          <div className={styles.sandboxBank}>
            <p className={styles.note}>{t('sandboxNote')}</p>
            <button
              type="button"
              className="button"
              onClick={() => challenge.answer('authenticate')}
            >
              {t('sandboxAuthenticate')}
            </button>
            <button
              type="button"
              className={`button ${styles.secondary}`}
              onClick={() => challenge.answer('fail')}
            >
              {t('sandboxFail')}
            </button>
          </div>
        )}
        <button type="button" className={styles.linkButton} onClick={cancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
