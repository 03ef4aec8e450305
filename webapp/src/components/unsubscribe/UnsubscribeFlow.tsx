'use client';

import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { Link } from '@/i18n/navigation';
import { useStartup } from '@/lib/startup/use-startup';
import ConfirmCancel from './ConfirmCancel';
import { parseAddress, unsubscribeTarget, type UnsubscribeTarget } from './target';
import styles from './Unsubscribe.module.css';

const STORE_PAGES: Record<string, string> = {
  ios: 'apple',
  playstore: 'google',
  docomo: 'operator',
};

/** /unsubscribe/{id?} (?type=swisscom | switch): the cancel flow of the subscription's store. */
export default function UnsubscribeFlow({ idSegments }: { idSegments?: string[] }) {
  const t = useTranslations('UnsubscribePage');
  const tErrors = useTranslations('Errors');
  const { account } = useStartup();
  const query = useSearchParams();
  // Chosen once: the account reloaded after the cancel must not swap the success block for another state.
  // Kept in state, set during render the first time the account is there (React's "adjust state on a
  // prop change" pattern): no effect, no flash of another state.
  const [chosen, setChosen] = useState<UnsubscribeTarget | null>(null);
  if (!account) return null;
  const target = chosen ?? unsubscribeTarget(account, parseAddress(idSegments, query.get('type')));
  if (chosen === null) setChosen(target);
  const back = (
    <Link prefetch={false} href="/" className="button">
      {t('backToProfile')}
    </Link>
  );

  let body;
  if (target.kind === 'notFound') {
    body = (
      <>
        <Flash kind="error">{tErrors('subscriptionNotFound')}</Flash>
        {back}
      </>
    );
  } else if (target.kind === 'notCancellable') {
    body = (
      <>
        <p>{t('notCancellable')}</p>
        {back}
      </>
    );
  } else if (target.kind === 'elsewhere') {
    const place =
      target.method === 'help' ? 'help' : (STORE_PAGES[target.subscription.storeId] ?? 'operator');
    body = (
      <>
        <p>{t('elsewhere', { place })}</p>
        <div className={styles.actions}>
          <a href={target.url} className="button" target="_blank" rel="noopener noreferrer">
            {t('elsewhereButton', { place })}
          </a>
          <Link prefetch={false} href="/">
            {t('backToProfile')}
          </Link>
        </div>
      </>
    );
  } else {
    body = <ConfirmCancel target={target} />;
  }

  return (
    <section className={`page ${styles.page}`} aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('title')}</h1>
      {body}
    </section>
  );
}
