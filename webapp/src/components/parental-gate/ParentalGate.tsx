'use client';

import { useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useErrorFocus } from '@/components/common/errorFocus';
import Modal from '@/components/pricing/Modal';
import '@/components/pricing/pricing.css'; // the modal's styles live with the plan popup
import { isCorrect, newChallenge, type Challenge } from './challenge';
import styles from './ParentalGate.module.css';

type Props = { onPass(): void; onClose(): void };

/** App-store rules for kids' services: leaving for a store or an app needs a grown-up. */
export default function ParentalGate({ onPass, onClose }: Props) {
  const t = useTranslations('ParentalGate');
  const locale = useLocale();
  const [challenge, setChallenge] = useState<Challenge>(() => newChallenge());
  const [answer, setAnswer] = useState('');
  const [wrong, setWrong] = useState(false);
  const { ref: formRef, focusError } = useErrorFocus();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isCorrect(challenge, answer)) return onPass();
    // A new task after each miss, so guessing does not work.
    setWrong(true);
    setAnswer('');
    setChallenge(newChallenge());
    focusError(); // the answer field, described by the message, for the new task
  }

  const words = new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(
    challenge.digits.map((d) => t('digit', { digit: `d${d}` })),
  );
  return (
    <Modal titleId="parental-gate-title" onClose={onClose} closeLabel={t('close')}>
      <h2 id="parental-gate-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('task')}</span>
          <strong className={styles.words} aria-live="polite">
            {words}
          </strong>
          <input
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            value={answer}
            aria-invalid={wrong || undefined}
            aria-describedby={wrong ? 'parental-gate-error' : undefined}
            onChange={(e) => setAnswer(e.target.value)}
            className={styles.answer}
          />
        </label>
        {wrong && (
          <p id="parental-gate-error" className={styles.error} role="alert">
            {t('wrong')}
          </p>
        )}
        <button type="submit" className="button">
          {t('continue')}
        </button>
      </form>
    </Modal>
  );
}
