'use client';

import { useCallback, useEffect, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import FamilyLinks from '@/components/children/FamilyLinks';
import EmailOverlay from '@/components/email-overlay/EmailOverlay';
import { useIsTv } from '@/components/layout/PlatformContext';
import { Link } from '@/i18n/navigation';
import {
  alreadySubscribedNotice,
  clearPaymentNotice,
  paymentJustDone,
} from '@/components/subscribe/paymentNotice';
import { useStartup } from '@/lib/startup/use-startup';
import { routing } from '@/i18n/routing';
import { setEmailLanguage } from '@/lib/api/profile';
import DataRights from './DataRights';
import EditPopup, { type EditableField } from './EditPopup';
import ProfileWithdrawal from '@/components/withdrawal/ProfileWithdrawal';
import { useWithdrawals } from '@/components/withdrawal/useWithdrawals';
import WithdrawalReceipt from '@/components/withdrawal/WithdrawalReceipt';
import SubscriptionCard from './SubscriptionCard';
import { renewingApps } from './visibility';
import styles from './Profile.module.css';

/**
 * Profile `/` (dark background): account details, subscriptions, the way to the apps — below the heading
 * the server renders (ServerHeadedProfilePage), inside its section.
 */
export default function ProfileView() {
  const t = useTranslations('ProfilePage');
  const tBilling = useTranslations('BillingPage');
  const { account, reloadAccount } = useStartup();
  const isTv = useIsTv();
  const format = useFormatter();
  const [editing, setEditing] = useState<EditableField | null>(null);
  const tErrors = useTranslations('Errors');
  const [paid, setPaid] = useState(paymentJustDone);
  const [owned, setOwned] = useState(alreadySubscribedNotice);
  const tLocale = useTranslations('LocaleSwitcher');
  const [languageSaved, setLanguageSaved] = useState<'saving' | 'saved' | 'failed' | null>(null);

  // The parent's own choice of the e-mail language, which the site language no longer moves.
  async function chooseEmailLanguage(language: string) {
    setLanguageSaved('saving');
    const result = await setEmailLanguage(language, true);
    setLanguageSaved(result.ok ? 'saved' : 'failed');
    if (result.ok) await reloadAccount();
  }

  useEffect(() => clearPaymentNotice, []);
  const { openContracts, declared, withdrawn } = useWithdrawals(account !== null, reloadAccount);

  const close = useCallback(() => setEditing(null), []);
  if (!account) return null;
  const covered = renewingApps(account.subscriptions);

  return (
    <>
      {paid && (
        <Flash kind="success" onClose={() => setPaid(null)}>
          {t('paidNotice', {
            kind: paid.kind,
            date: paid.date ? format.dateTime(new Date(paid.date), { dateStyle: 'long' }) : '',
          })}
        </Flash>
      )}
      {owned && (
        <Flash kind="success" onClose={() => setOwned(false)}>
          {tErrors('alreadySubscribed')}
        </Flash>
      )}
      <div className={styles.card}>
        <h2>{t('accountTitle')}</h2>
        <dl className={styles.details}>
          <div>
            <dt>{t('email')}</dt>
            <dd>
              <span dir="ltr" className={styles.value}>
                {account.email}
              </span>
              <button type="button" className={styles.link} onClick={() => setEditing('email')}>
                {t('changeEmail')}
              </button>
            </dd>
          </div>
          <div>
            <dt>{t('name')}</dt>
            <dd>
              <span className={styles.value}>{account.name || t('noName')}</span>
              <button type="button" className={styles.link} onClick={() => setEditing('name')}>
                {t('changeName')}
              </button>
            </dd>
          </div>
          <div>
            <dt>
              <label htmlFor="email-language">{t('emailLanguage')}</label>
            </dt>
            <dd>
              <select
                id="email-language"
                className={styles.value}
                value={account.emailLanguage ?? 'en'}
                disabled={languageSaved === 'saving'}
                aria-describedby="email-language-note"
                onChange={(e) => void chooseEmailLanguage(e.target.value)}
              >
                {routing.locales.map((code) => (
                  <option key={code} value={code}>
                    {tLocale('locale', { locale: code })}
                  </option>
                ))}
              </select>
              <span id="email-language-note" className={styles.hint} role="status">
                {languageSaved === 'saved'
                  ? t('emailLanguageSaved')
                  : languageSaved === 'failed'
                    ? t('emailLanguageFailed')
                    : account.emailLanguageChosen
                      ? ''
                      : t('emailLanguageFollows')}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('password')}</dt>
            <dd>
              {/* A span's aria-label is not read (it has no role), so screen readers
                    said "bullet" eight times; the bullets are for the eye, the text for the ear. */}
              <span className={styles.value} data-testid="password-masked">
                <span aria-hidden="true">••••••••</span>
                <span className="visually-hidden">{t('passwordHidden')}</span>
              </span>
              <Link prefetch={false} href="/change-password" className={styles.link}>
                {t('changePassword')}
              </Link>
            </dd>
          </div>
        </dl>
      </div>
      <h2 className={styles.sectionTitle}>{t('subscriptionsTitle')}</h2>
      {declared && (
        <div className={styles.card}>
          <WithdrawalReceipt withdrawal={declared} />
        </div>
      )}
      {account.subscriptions.length === 0 ? (
        <div className={styles.card}>
          <p>{t('noSubscription')}</p>
          {!isTv && (
            <Link prefetch={false} href="/subscribe" className="button">
              {t('subscribe')}
            </Link>
          )}
        </div>
      ) : (
        <div className={styles.subscriptions}>
          {account.subscriptions.map((s) => (
            <SubscriptionCard
              key={s.id}
              subscription={s}
              isTv={isTv}
              coveredApps={covered}
              withdrawal={
                openContracts[s.id] && (
                  <ProfileWithdrawal contract={openContracts[s.id]} onDone={withdrawn} />
                )
              }
            />
          ))}
        </div>
      )}
      <Link prefetch={false} href="/billing" className={styles.link} data-testid="billing-link">
        {tBilling('profileLink')}
      </Link>
      <Link prefetch={false} href="/products" className={`button ${styles.products}`}>
        {t('products')}
      </Link>
      {!isTv && <FamilyLinks className={styles.card} linkClassName={styles.link} />}
      <DataRights />
      {editing && (
        <EditPopup
          field={editing}
          initial={editing === 'email' ? account.email : account.name}
          onSaved={reloadAccount}
          onClose={close}
        />
      )}
      <EmailOverlay account={account} onSaved={reloadAccount} />
    </>
  );
}
