'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import FamilyLinks from '@/components/children/FamilyLinks';
import EmailOverlay from '@/components/email-overlay/EmailOverlay';
import { useIsTv } from '@/components/layout/PlatformContext';
import { useParentalGate } from '@/components/parental-gate/useParentalGate';
import { Link } from '@/i18n/navigation';
import { appsWithAccess } from '@/lib/account/account';
import { track } from '@/lib/analytics';
import { useStartup } from '@/lib/startup/use-startup';
import { openWebApp } from '@/lib/startup/web-apps';
import { accessJustGranted, clearAccessNotice } from '@/components/subscribe/paymentNotice';
import { isPublisherFamily } from '@/components/email-overlay/needsRealEmail';
import AppCard from './AppCard';
import EmailInText, { EMAIL_MARK } from './EmailInText';
import { hubView } from './apps';
import styles from './Products.module.css';

/** /products (white background) below its heading (ServerHeadedProductsPage): install, log in, open
 * (the main action within a phone's first screen), then the three apps with their store badges. */
export default function ProductsHub() {
  const t = useTranslations('ProductsPage');
  const tErrors = useTranslations('Errors');
  const { account, reloadAccount } = useStartup();
  const isTv = useIsTv();
  const { guard, gate } = useParentalGate();
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const [accessNotice, setAccessNotice] = useState(accessJustGranted);
  useEffect(() => clearAccessNotice(), []);
  if (!account) return null;
  const view = hubView(appsWithAccess(account.subscriptions), isTv);
  const publisher = isPublisherFamily(account);

  async function open() {
    setOpening(true);
    setFailed(false);
    track('OPEN_APP', { app: 'tv' });
    if (!(await openWebApp('tv'))) {
      setOpening(false);
      setFailed(true);
    }
  }

  // Inside the hub's section, under its heading (ServerHeadedProductsPage).
  return (
    <>
      {accessNotice && (
        <Flash kind="success" onClose={() => setAccessNotice(false)}>
          {t('accessGranted')}
        </Flash>
      )}
      <ol className={styles.steps}>
        {view.steps.map((step, index) => (
          <li key={step} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2>{t(`steps.${step}.title`)}</h2>
              {/* A publisher family logs in with its phone number and coupon, not the made-up address. */}
              <p>
                {step === 'login' && publisher ? (
                  t('steps.login.phoneText')
                ) : (
                  <EmailInText
                    text={t(`steps.${step}.text`, { email: EMAIL_MARK })}
                    email={account.email}
                    className={styles.email}
                  />
                )}
              </p>
              {step === 'open' && (
                <>
                  <button
                    type="button"
                    className="button"
                    disabled={!view.canOpen || opening}
                    aria-describedby={view.canOpen ? undefined : 'open-needs-tv'}
                    onClick={() => guard(open)}
                  >
                    {opening ? <Spinner label={t('opening')} /> : t('open')}
                  </button>
                  {!view.canOpen && (
                    <p id="open-needs-tv" className={styles.hint}>
                      {t('openNeedsTv')}{' '}
                      {!isTv && (
                        <Link prefetch={false} href="/subscribe">
                          {t('subscribe')}
                        </Link>
                      )}
                    </p>
                  )}
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
      {failed && (
        <Flash kind="error" onClose={() => setFailed(false)}>
          {tErrors('somethingWentWrong')}
        </Flash>
      )}
      {view.cards.length > 0 && (
        <ul className={styles.cards}>
          {view.cards.map(({ app, subscribed }) => (
            <AppCard key={app.id} app={app} subscribed={subscribed} guard={guard} />
          ))}
        </ul>
      )}
      {!isTv && <FamilyLinks className={styles.family} />}
      <Link prefetch={false} href="/" className={styles.back}>
        {t('backToProfile')}
      </Link>
      {gate}
      <EmailOverlay account={account} onSaved={reloadAccount} />
    </>
  );
}
