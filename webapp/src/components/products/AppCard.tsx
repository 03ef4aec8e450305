'use client';

import { useTranslations } from 'next-intl';
import StoreBadge from '@/components/brand/StoreBadge';
import AppIcon from '@/components/landing/AppIcon';
import { Link } from '@/i18n/navigation';
import { loadSelection, saveSelection } from '@/components/pricing/selection';
import type { HubApp } from './apps';
import styles from './Products.module.css';

type Props = { app: HubApp; subscribed: boolean; guard(action: () => void): void };

/** One app: store badges behind the parental gate when subscribed, a subscribe link otherwise. */
export default function AppCard({ app, subscribed, guard }: Props) {
  const t = useTranslations('ProductsPage');
  const tPlans = useTranslations('Plans');
  const leave = (url: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    guard(() => window.location.assign(url));
  };

  return (
    <li className={`${styles.card} ${styles[app.id]}`}>
      <div className={styles.cardHead}>
        <span className={styles.appIcon}>
          <AppIcon app={app.webApp} size={32} />
        </span>
        <h2>{tPlans(`lumo_${app.id}`)}</h2>
      </div>
      <p>{t(`apps.${app.id}`)}</p>
      {subscribed ? (
        <div className={styles.stores}>
          <StoreBadge
            store="appStore"
            href={app.appStore}
            onClick={leave(app.appStore)}
            label={t('appStore')}
          />
          <StoreBadge
            store="googlePlay"
            href={app.googlePlay}
            onClick={leave(app.googlePlay)}
            label={t('googlePlay')}
          />
        </div>
      ) : (
        <Link
          prefetch={false}
          href="/subscribe"
          className="button"
          // "Subscribe to TV" opens the payment page with TV alone (the parent's period kept), not the
          // last or default pick of apps (docs/billing.md#one-price-truth).
          onClick={() => saveSelection({ period: loadSelection().period, apps: [app.id] })}
        >
          {t('subscribeTo', { app: tPlans(`lumo_${app.id}`) })}
        </Link>
      )}
    </li>
  );
}
