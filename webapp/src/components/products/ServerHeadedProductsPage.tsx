import { getTranslations } from 'next-intl/server';
import StartupGate from '@/lib/startup/StartupGate';
import ProductsHub from './ProductsHub';
import styles from './Products.module.css';

/**
 * /products: its heading and introduction come with the HTML, on the hub's white screen; the steps and
 * the apps, which name the parent's e-mail and subscriptions, wait for the start-up check (<StartupGate>;
 * lib/startup/routes.ts, isHeadedByServer), as on the profile.
 */
export default async function ServerHeadedProductsPage() {
  const t = await getTranslations('ProductsPage');
  return (
    <div className={styles.screen}>
      <section className={styles.hub} aria-labelledby="hub-title">
        <h1 id="hub-title">{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
        <StartupGate>
          <ProductsHub />
        </StartupGate>
      </section>
    </div>
  );
}
