import styles from './PaymentPage.module.css';

/** The payment pages' catalogue namespaces, each with the page's `title` and `intro`. */
export const PAYMENT_TITLES = {
  subscribe: 'SubscribePage',
  resubscribe: 'ResubscribePage',
  changePlan: 'ChangePlanPage',
} as const;

export const PAYMENT_TITLE_ID = 'payment-title';

type Props = { step: string | null; title: string; intro: string };

type StepText = (key: 'step', values: { current: number; total: number }) => string;
type PageText = (key: 'title' | 'intro') => string;

/** The heading's texts for a payment page: `t` reads PaymentPage, `tPage` the page's PAYMENT_TITLES namespace. */
export function headingTexts(
  mode: keyof typeof PAYMENT_TITLES,
  t: StepText,
  tPage: PageText,
): Props {
  return {
    step: mode === 'subscribe' ? t('step', { current: 2, total: 2 }) : null,
    title: tPage('title'),
    intro: tPage('intro'),
  };
}

/** A payment page's heading, rendered on the server (ServerHeadedPaymentPage) or in the browser
 * (PaymentPage, on /changePlan): the step, the title and the introduction. */
export default function PaymentHeading({ step, title, intro }: Props) {
  return (
    <header className={styles.head}>
      {step && <p className={styles.step}>{step}</p>}
      <h1 id={PAYMENT_TITLE_ID}>{title}</h1>
      <p>{intro}</p>
    </header>
  );
}
