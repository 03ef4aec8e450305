'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { HubApp } from './apps';
import styles from './Products.module.css';

type Props = { app: HubApp; subscribed: boolean; guard(action: () => void): void };

/** One app: store links behind the parental gate when subscribed, a subscribe link otherwise. */
export default function AppCard({ app, subscribed, guard }: Props) {
  const t = useTranslations('ProductsPage');
  const tPlans = useTranslations('Plans');
  const leave = (url: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    guard(() => window.location.assign(url));
  };

  return (
    <li className={`${styles.card} ${styles[app.id]}`}>
      <h2>{tPlans(`lumo_${app.id}`)}</h2>
      <p>{t(`apps.${app.id}`)}</p>
      {subscribed ? (
        <div className={styles.stores}>
          <a href={app.appStore} onClick={leave(app.appStore)} className={styles.store}>
            {t('appStore')}
          </a>
          <a href={app.googlePlay} onClick={leave(app.googlePlay)} className={styles.store}>
            {t('googlePlay')}
          </a>
        </div>
      ) : (
        <Link href="/subscribe" className="button">
          {t('subscribeTo', { app: tPlans(`lumo_${app.id}`) })}
        </Link>
      )}
    </li>
  );
}
