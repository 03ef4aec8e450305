'use client';

import { useTranslations } from 'next-intl';
import { openCookieSettings } from '@/lib/consent';
import styles from './CookieConsent.module.css';

/** Footer entry that reopens the cookie-consent banner with the current choice. */
export default function CookieSettingsLink() {
  const t = useTranslations('CookieConsent');
  return (
    <button type="button" className={styles.settingsLink} onClick={openCookieSettings}>
      {t('settingsLink')}
    </button>
  );
}
