'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useApiForm } from '@/components/common/useApiForm';
import Spinner from '@/components/common/Spinner';
import { useIsTv } from '@/components/layout/PlatformContext';
import { Link, useRouter } from '@/i18n/navigation';
import { isPremium } from '@/lib/account/account';
import { callOnDemand } from '@/lib/api/on-demand';
import type { ErrorKey } from '@/lib/api/errors';
import { setToken } from '@/lib/session/storage';
import { takeReturn } from '@/lib/startup/return-to';
import { loginDestination } from './entry';
import Field from './Field';
import PageFlash from './PageFlash';
import type { PageFlash as PageFlashValue } from './page-flash';
import { useAccountRedirect } from './useAccountRedirect';

type Errors = { email?: ErrorKey; password?: ErrorKey };

export default function LoginForm({ flash }: { flash?: PageFlashValue | null }) {
  const t = useTranslations('LoginPage');
  const tErrors = useTranslations('Errors');
  const router = useRouter();
  const isTv = useIsTv();
  const checking = useAccountRedirect('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const form = useApiForm(
    async () => {
      // The API client comes with the call (docs/web-speed.md#the-api-client-on-demand).
      const result = await callOnDemand(
        () => import('@/lib/api/accounts'),
        (calls) => calls.logIn(email, password),
      );
      if (!result.ok) return result.errorKey;
      setToken(result.data.token);
      const account = await callOnDemand(
        () => import('@/lib/api/subscriptions'),
        (calls) => calls.loadAccount(),
      );
      router.replace(
        takeReturn() ?? loginDestination(account.ok && isPremium(account.data.subscriptions)),
      );
      return null;
    },
    {
      validate: () => {
        const invalid: Errors = {};
        if (!email.trim()) invalid.email = 'valueRequired';
        if (!password) invalid.password = 'valueRequired';
        setErrors(invalid);
        return !invalid.email && !invalid.password;
      },
    },
  );
  const { error: apiError, setError: setApiError, submitting } = form;

  if (checking) return <Spinner />;
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-busy={submitting}>
      <PageFlash flash={flash} />
      {apiError && (
        <Flash kind="error" onClose={() => setApiError(null)}>
          {tErrors(apiError)}
        </Flash>
      )}
      <Field
        name="email"
        type="email"
        label={t('email')}
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onValue={setEmail}
        error={errors.email && tErrors(errors.email)}
      />
      <Field
        name="password"
        type="password"
        label={t('password')}
        autoComplete="current-password"
        required
        value={password}
        onValue={setPassword}
        error={errors.password && tErrors(errors.password)}
      />
      {!isTv && (
        <Link prefetch={false} href="/forgotten-password" className="text-link">
          {t('forgotten')}
        </Link>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? <Spinner label={t('submitting')} /> : t('submit')}
      </button>
      {!isTv && (
        <p className="form-aside">
          {t.rich('noAccount', {
            link: (chunks) => (
              <Link prefetch={false} href="/register">
                {chunks}
              </Link>
            ),
          })}
        </p>
      )}
    </form>
  );
}
