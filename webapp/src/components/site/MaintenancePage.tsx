import { useTranslations } from 'next-intl';
import { LogoMark, MaintenanceArt } from './art';
import RetryButton from './RetryButton';
import styles from './Site.module.css';

/**
 * docs/product.md#errors "server maintenance popup (come back later)", as the page every address shows, with status 503,
 * while the API is in maintenance (src/proxy.ts). No header or footer: their links would lead here too,
 * and TV platforms show no footer anyway.
 */
export default function MaintenancePage() {
  const t = useTranslations('MaintenancePage');
  const tHeader = useTranslations('Header');
  return (
    <main className={styles.maintenance} id="main">
      <section className={styles.card} aria-labelledby="maintenance-title">
        <span className={styles.brand}>
          <LogoMark />
          {tHeader('logo')}
        </span>
        <MaintenanceArt className={styles.art} />
        <h1 id="maintenance-title">{t('title')}</h1>
        <p className={styles.lead}>{t('message')}</p>
        <p>{t('reassurance')}</p>
        <RetryButton label={t('retry')} className={`button ${styles.retry}`} />
      </section>
    </main>
  );
}
