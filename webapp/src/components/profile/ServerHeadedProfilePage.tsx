import { getTranslations } from 'next-intl/server';
import StartupGate from '@/lib/startup/StartupGate';
import ProfileView from './ProfileView';
import styles from './Profile.module.css';

const PROFILE_TITLE_ID = 'profile-title';

/**
 * The profile `/`: its heading and introduction come with the HTML, the parent's details wait for the
 * start-up check (<StartupGate>; lib/startup/routes.ts, isHeadedByServer). The introduction is the
 * page's largest text until the account arrives, so the largest paint no longer waits for the scripts
 * and the account read (docs/web-speed.md#signed-in-pages).
 */
export default async function ServerHeadedProfilePage() {
  const t = await getTranslations('ProfilePage');
  return (
    <div className={styles.screen}>
      <section className={styles.profile} aria-labelledby={PROFILE_TITLE_ID}>
        <header className={styles.head}>
          <h1 id={PROFILE_TITLE_ID}>{t('title')}</h1>
          <p>{t('intro')}</p>
        </header>
        <StartupGate>
          <ProfileView />
        </StartupGate>
      </section>
    </div>
  );
}
