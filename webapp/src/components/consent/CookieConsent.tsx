'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { marketingUrl } from '@/components/layout/marketing';
import { useIsTv } from '@/components/layout/PlatformContext';
import { OPEN_SETTINGS_EVENT, readConsent, saveConsent } from '@/lib/consent';
import { BANNER_SIZE_PROPERTY, keepFocusClear } from './focusClear';
import styles from './CookieConsent.module.css';

type Mode = 'pending' | 'hidden' | 'banner' | 'details';

// Consent: shown until the visitor chooses; the footer's
// "Cookie settings" link opens it again with the current choice.
// TV platforms have no footer, so no way back to this choice: there the banner
// never shows and only necessary cookies are used (see lib/consent.ts).
// The server renders the banner for every other visitor ('pending'), so a first visit paints it with
// the page instead of after hydration; a returning visitor never sees it, as the head's consent probe
// hides a pending banner before the first paint (consentProbeScript) and hydration then removes it.
//
// WCAG 2.2 AA: the site layout renders the banner first, so its buttons are the first Tab
// stops; it is compact (a short text, two buttons, "choose cookies" as a link-style button); and it
// never hides the focused control (2.4.11): the page gets room for it (scroll padding and a bottom
// padding of the banner's height, globals.css) and a focus behind it scrolls clear (focusClear.ts).
export default function CookieConsent() {
  const t = useTranslations('CookieConsent');
  const locale = useLocale();
  const isTv = useIsTv();
  const [mode, setMode] = useState<Mode>('pending');
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const banner = useRef<HTMLElement>(null);
  const reopened = useRef(false);

  useEffect(() => {
    if (isTv) return undefined;
    // Storage is read after mount only, so the server and browser renders agree.
    setMode(readConsent() ? 'hidden' : 'banner');
    const open = () => {
      const current = readConsent();
      setAnalytics(current?.analytics ?? false);
      setMarketing(current?.marketing ?? false);
      reopened.current = true;
      setMode('details');
    };
    window.addEventListener(OPEN_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, open);
  }, [isTv]);

  const open = mode === 'banner' || mode === 'details';
  useEffect(() => {
    const element = banner.current;
    if (!open || !element) return undefined;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(BANNER_SIZE_PROPERTY, `${Math.ceil(element.offsetHeight)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    const onFocus = (event: FocusEvent) => keepFocusClear(event.target, element);
    document.addEventListener('focusin', onFocus);
    return () => {
      observer?.disconnect();
      document.removeEventListener('focusin', onFocus);
      root.style.removeProperty(BANNER_SIZE_PROPERTY);
    };
  }, [open]);

  useEffect(() => {
    // Opened again from the footer: the choices are where the visitor's focus goes.
    if (mode === 'details' && reopened.current) {
      reopened.current = false;
      banner.current?.focus();
    }
  }, [mode]);

  if (isTv || mode === 'hidden') return null;

  const choose = (choice: { analytics: boolean; marketing: boolean }) => {
    saveConsent(choice);
    setMode('hidden');
  };
  const details = mode === 'details';

  return (
    <section
      ref={banner}
      className={[styles.banner, mode === 'pending' && styles.pending, details && styles.details]
        .filter(Boolean)
        .join(' ')}
      role="region"
      aria-labelledby="cookie-consent-title"
      data-cookie-banner={mode === 'pending' ? 'pending' : 'open'}
      tabIndex={-1}
    >
      <h2 id="cookie-consent-title" className={styles.title}>
        {t('title')}
      </h2>
      {/* The links run on in the text: one paragraph, no line of its own (compact on a phone). */}
      <p className={styles.text}>
        {details ? t('intro') : t('introShort')}{' '}
        <a href={marketingUrl(locale, 'privacy-and-cookies')}>{t('policyLink')}</a>
        {!details && (
          <>
            {' · '}
            <button type="button" className={styles.linkButton} onClick={() => setMode('details')}>
              {t('customize')}
            </button>
          </>
        )}
      </p>
      {details && (
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
          className={`button ${styles.action}`}
          onClick={() => choose({ analytics: true, marketing: true })}
        >
          {t('acceptAll')}
        </button>
        <button
          type="button"
          className={`button button-secondary ${styles.action}`}
          onClick={() => choose({ analytics: false, marketing: false })}
        >
          {t('necessaryOnly')}
        </button>
        {details && (
          <button
            type="button"
            className={`button button-secondary ${styles.action}`}
            onClick={() => choose({ analytics, marketing })}
          >
            {t('save')}
          </button>
        )}
      </div>
    </section>
  );
}
