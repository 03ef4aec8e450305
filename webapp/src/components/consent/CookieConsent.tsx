'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { marketingUrl } from '@/components/layout/marketing';
import { useIsTv } from '@/components/layout/PlatformContext';
import { OPEN_SETTINGS_EVENT, readConsent, saveConsent } from '@/lib/consent';
import styles from './CookieConsent.module.css';

type Mode = 'pending' | 'hidden' | 'banner' | 'details';

// Issue 7 "Consent": shown until the visitor chooses; the footer's
// "Cookie settings" link opens it again with the current choice.
// TV platforms have no footer, so no way back to this choice: there the banner
// never shows and only necessary cookies are used (see lib/consent.ts).
// The server renders the banner for every other visitor ('pending'), so a first visit paints it with
// the page instead of after hydration; a returning visitor never sees it, as the head's consent probe
// hides a pending banner before the first paint (consentProbeScript) and hydration then removes it.
export default function CookieConsent() {
  const t = useTranslations('CookieConsent');
  const locale = useLocale();
  const isTv = useIsTv();
  const [mode, setMode] = useState<Mode>('pending');
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);

  useEffect(() => {
    if (isTv) return undefined;
    // Storage is read after mount only, so the server and browser renders agree.
    setMode(readConsent() ? 'hidden' : 'banner');
    const open = () => {
      const current = readConsent();
      setAnalytics(current?.analytics ?? false);
      setMarketing(current?.marketing ?? false);
      setMode('details');
    };
    window.addEventListener(OPEN_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, open);
  }, [isTv]);

  if (isTv || mode === 'hidden') return null;

  const choose = (choice: { analytics: boolean; marketing: boolean }) => {
    saveConsent(choice);
    setMode('hidden');
  };

  return (
    <section
      className={mode === 'pending' ? `${styles.banner} ${styles.pending}` : styles.banner}
      role="region"
      aria-labelledby="cookie-consent-title"
    >
      <h2 id="cookie-consent-title" className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.text}>
        {t('intro')} <a href={marketingUrl(locale, 'privacy-and-cookies')}>{t('policyLink')}</a>
      </p>
      {mode === 'details' && (
        <fieldset className={styles.categories}>
          <legend className="visually-hidden">{t('categoriesLabel')}</legend>
          <label className={styles.category}>
            <input type="checkbox" checked disabled />
            <span>
              <strong>{t('necessary')}</strong> {t('necessaryHint')}
            </span>
          </label>
          <label className={styles.category}>
            <input
              type="checkbox"
              checked={analytics}
              onChange={(e) => setAnalytics(e.target.checked)}
            />
            <span>
              <strong>{t('analytics')}</strong> {t('analyticsHint')}
            </span>
          </label>
          <label className={styles.category}>
            <input
              type="checkbox"
              checked={marketing}
              onChange={(e) => setMarketing(e.target.checked)}
            />
            <span>
              <strong>{t('marketing')}</strong> {t('marketingHint')}
            </span>
          </label>
        </fieldset>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          onClick={() => choose({ analytics: true, marketing: true })}
        >
          {t('acceptAll')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => choose({ analytics: false, marketing: false })}
        >
          {t('necessaryOnly')}
        </button>
        {mode === 'details' ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => choose({ analytics, marketing })}
          >
            {t('save')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setMode('details')}
          >
            {t('customize')}
          </button>
        )}
      </div>
    </section>
  );
}
