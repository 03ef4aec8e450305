import { getTranslations } from 'next-intl/server';
import StartupGate from '@/lib/startup/StartupGate';
import { PaymentPageBody } from './PaymentPage';
import PaymentHeading, { headingTexts, PAYMENT_TITLE_ID, PAYMENT_TITLES } from './PaymentHeading';
import styles from './PaymentPage.module.css';

type Props = { mode: 'subscribe' | 'resubscribe' };

/**
 * /subscribe and /resubscribe: the heading comes with the HTML, the rest waits for the start-up check
 * (<StartupGate>; lib/startup/routes.ts, isHeadedByServer). The heading's introduction is the page's
 * largest text, so the page's largest paint no longer waits for the scripts and the account read
 * (docs/web-speed.md#signed-in-pages).
 */
export default async function ServerHeadedPaymentPage({ mode }: Props) {
  const t = await getTranslations('PaymentPage');
  const tPage = await getTranslations(PAYMENT_TITLES[mode]);
  return (
    <section className={styles.page} aria-labelledby={PAYMENT_TITLE_ID}>
      <PaymentHeading {...headingTexts(mode, t, tPage)} />
      <StartupGate>
        <PaymentPageBody mode={mode} />
      </StartupGate>
    </section>
  );
}
