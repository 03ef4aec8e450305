'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import Modal from '@/components/pricing/Modal';
import '@/components/pricing/pricing.css'; // the modal's styles live with the plan popup
import { MAINTENANCE_EVENT } from '@/lib/api/maintenance';
import { MaintenanceArt } from './art';
import RetryButton from './RetryButton';
import styles from './Site.module.css';

/**
 * docs/product.md#errors "server maintenance popup (come back later)": opened by any API call answering 503 `maintenance`
 * while a page is open (the API client announces it). The parent may close it and keep reading; the next
 * such answer opens it again.
 */
export default function MaintenancePopup({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const t = useTranslations('MaintenancePage');
  const [open, setOpen] = useState(initiallyOpen);

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(MAINTENANCE_EVENT, show);
    return () => window.removeEventListener(MAINTENANCE_EVENT, show);
  }, []);

  if (!open) return null;
  return (
    <Modal titleId="maintenance-popup-title" onClose={() => setOpen(false)} closeLabel={t('close')}>
      <div className={styles.popup}>
        <MaintenanceArt className={styles.art} />
        <h2 id="maintenance-popup-title" className={styles.heading}>
          {t('title')}
        </h2>
        <p>{t('message')}</p>
        <div className={styles.actions}>
          <RetryButton label={t('retry')} className="button" />
        </div>
      </div>
    </Modal>
  );
}
