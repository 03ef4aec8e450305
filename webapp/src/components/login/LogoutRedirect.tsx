'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { Link, useRouter } from '@/i18n/navigation';
import { clearSession, getToken } from '@/lib/session/storage';
import { logOut } from '@/lib/api/accounts';

// docs/product.md#screens, docs/product.md#flows "/logout": revoke the token, clear the session keys (token, coupon
// keys, plan, partner, subscriptions, e-mail, name, store id), go to login.
export default function LogoutRedirect() {
  const t = useTranslations('LogoutPage');
  const tErrors = useTranslations('Errors');
  const tCommon = useTranslations('Common');
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const revoke = getToken() ? logOut() : Promise.resolve(null);
    revoke
      .catch(() => null) // the token is dropped here whatever the API says
      .then(() => {
        clearSession();
        try {
          router.replace('/login');
        } catch {
          setFailed(true);
        }
      });
  }, [router]);

  if (failed) {
    return (
      <Flash kind="error" onClose={() => setFailed(false)}>
        <p>{tErrors('somethingWentWrong')}</p>
        <Link prefetch={false} href="/login" className="button">
          {tCommon('goToLogin')}
        </Link>
      </Flash>
    );
  }
  return <Spinner label={t('intro')} />;
}
