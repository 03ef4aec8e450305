'use client';

import { useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { useIsTv } from '@/components/layout/PlatformContext';
import Modal from '@/components/pricing/Modal';
import '@/components/pricing/pricing.css'; // the modal's styles live with the plan popup
import { Link, usePathname } from '@/i18n/navigation';
import { holidayPromoHref, holidayWindowId } from '@/lib/site/holiday';
import type { HolidayPromo } from '@/lib/site/status';
import { local } from '@/lib/session/storage';
import { useHolidayOffered } from './holiday-visitor';
import { GiftArt } from './art';
import styles from './Site.module.css';

/**
 * docs/product.md#screens "holiday modal offering 1 month free", while GET /v4/site says the promo is active (the site
 * layout asks). Offered on the landing, registration and promo pages to a visitor who is not logged in
 * (lib/site/holiday.ts); once closed or followed it stays away in this browser until another window.
 */
export default function HolidayModal({ promo }: { promo: HolidayPromo }) {
  const t = useTranslations('HolidayModal');
  const format = useFormatter();
  const pathname = usePathname();
  const isTv = useIsTv();
  // Decided after hydration: the server cannot see this browser's storage.
  const offered = useHolidayOffered(promo, pathname, isTv);
  const [dismissed, setDismissed] = useState(false);
  const open = offered && !dismissed;

  if (!open || !promo.couponCode || !promo.to) return null;

  function dismiss() {
    local.set('holidayModal', holidayWindowId(promo));
    setDismissed(true);
  }

  // The last day of the window, kept on one line.
  const until = format
    .dateTime(new Date(`${promo.to}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' })
    .replace(/ /g, '\u00a0');
  return (
    <Modal titleId="holiday-modal-title" onClose={dismiss} closeLabel={t('close')}>
      <div className={styles.popup}>
        <GiftArt />
        <h2 id="holiday-modal-title" className={styles.heading}>
          {t('title')}
        </h2>
        <p className={styles.offer}>{t('offer')}</p>
        <p>{t('intro')}</p>
        <p className={styles.code}>
          {t.rich('code', {
            code: promo.couponCode,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        <div className={styles.actions}>
          <Link
            prefetch={false}
            href={holidayPromoHref(promo.couponCode)}
            className="button"
            onClick={dismiss}
          >
            {t('cta')}
          </Link>
          <button type="button" className={styles.secondary} onClick={dismiss}>
            {t('later')}
          </button>
        </div>
        <p className={styles.until}>{t('until', { date: until })}</p>
      </div>
    </Modal>
  );
}
