'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { marketingUrl } from '@/components/layout/marketing';
import { Link } from '@/i18n/navigation';
import { useErrorText } from '@/i18n/error-text';
import { acceptTerms } from '@/lib/api/consents';
import type { ErrorKey } from '@/lib/api/errors';
import { TERMS_UPDATE_EVENT, type TermsUpdateDetail } from '@/lib/api/terms';
import styles from './TermsUpdatePrompt.module.css';

type Props = {
  onAccepted?: () => void;
  /** The version of an answer that came before this component was loaded (TermsUpdateNotice). */
  initialVersion?: string | null;
};

function reload() {
  window.location.reload();
}

// Opened by any API answer 403 termsUpdate; blocks the page (no close
// button, no Escape) until the parent accepts the new version. Logout stays possible.
export default function TermsUpdatePrompt({ onAccepted = reload, initialVersion = null }: Props) {
  const t = useTranslations('TermsUpdate');
  const tErrors = useErrorText();
  const locale = useLocale();
  const [version, setVersion] = useState<string | null>(initialVersion);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const open = (event: Event) => {
      const detail = (event as CustomEvent<TermsUpdateDetail>).detail;
      setVersion(detail?.version ?? '');
    };
    window.addEventListener(TERMS_UPDATE_EVENT, open);
    return () => window.removeEventListener(TERMS_UPDATE_EVENT, open);
  }, []);

  const isOpen = version !== null;
  useEffect(() => {
    if (!isOpen) return;
    heading.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [isOpen]);

  if (!isOpen) return null;

  async function accept() {
    setSending(true);
    setError(null);
    const result = await acceptTerms(version ?? ''); // open only with a version
    setSending(false);
    if (result.ok) {
      setVersion(null);
      onAccepted();
      return;
    }
    // Terms changed again meanwhile: show the version now in force.
    const inForce = result.body?.version;
    if (result.errorKey === 'termsVersionOutdated' && typeof inForce === 'string')
      setVersion(inForce);
    setError(result.errorKey);
  }

  return (
    <div className={styles.backdrop}>
      <div
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="terms-update-title"
        aria-describedby="terms-update-intro"
      >
        <h2 id="terms-update-title" ref={heading} tabIndex={-1} className={styles.title}>
          {t('title')}
        </h2>
        <p id="terms-update-intro">{t('intro', { version: version ?? '' })}</p>
        <p>
          <a href={marketingUrl(locale, 'terms')} target="_blank" rel="noopener noreferrer">
            {t('readTerms')}
          </a>
        </p>
        {error && (
          <p className={styles.error} role="alert">
            {tErrors(error)}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className="button"
            onClick={accept}
            disabled={sending}
            aria-busy={sending}
          >
            {t('accept')}
          </button>
          {/* The layout outlives the navigation: close the prompt so /logout can run. */}
          <Link
            prefetch={false}
            href="/logout"
            className="button button-secondary"
            onClick={() => setVersion(null)}
          >
            {t('logout')}
          </Link>
        </div>
      </div>
    </div>
  );
}
