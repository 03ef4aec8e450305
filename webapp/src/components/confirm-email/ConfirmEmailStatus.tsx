'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { Link } from '@/i18n/navigation';
import type { ErrorKey } from '@/lib/api/errors';
import { confirmEmail, linkErrorKey } from '@/lib/api/users';

type State = { kind: 'checking' } | { kind: 'confirmed' } | { kind: 'failed'; errorKey: ErrorKey };

export default function ConfirmEmailStatus({ token }: { token: string }) {
  const t = useTranslations('ConfirmEmailPage');
  const tErrors = useTranslations('Errors');
  const tCommon = useTranslations('Common');
  const [state, setState] = useState<State>(
    token ? { kind: 'checking' } : { kind: 'failed', errorKey: 'resetLinkInvalid' },
  );
  // The token is single use: a second call (React's dev double effect) would
  // report an expired link after the first one succeeded.
  const requested = useRef(false);

  useEffect(() => {
    if (!token || requested.current) return;
    requested.current = true;
    confirmEmail(token)
      .then((result) =>
        setState(
          result.ok ? { kind: 'confirmed' } : { kind: 'failed', errorKey: linkErrorKey(result) },
        ),
      )
      .catch(() => setState({ kind: 'failed', errorKey: 'somethingWentWrong' }));
  }, [token]);

  if (state.kind === 'checking') return <Spinner label={t('checking')} />;
  return (
    <Flash kind={state.kind === 'confirmed' ? 'success' : 'error'}>
      <p>{state.kind === 'confirmed' ? t('success') : tErrors(state.errorKey)}</p>
      <Link prefetch={false} href="/login" className="button">
        {tCommon('goToLogin')}
      </Link>
    </Flash>
  );
}
