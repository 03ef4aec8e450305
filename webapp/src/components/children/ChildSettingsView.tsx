'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { Link } from '@/i18n/navigation';
import { getChildSettings, SETTINGS_APPS, type ChildSettings } from '@/lib/api/children';
import type { ErrorKey } from '@/lib/api/errors';
import AppSettingsForm from './AppSettingsForm';

/** The parental settings of one child, one form per app. */
export default function ChildSettingsView({ childId }: { childId: number }) {
  const t = useTranslations('ChildSettingsPage');
  const tErrors = useTranslations('Errors');
  const [settings, setSettings] = useState<ChildSettings | null>(null);
  const [apiError, setApiError] = useState<ErrorKey | null>(null);
  // An id that cannot be a child's is known at once, without a call.
  const validId = Number.isInteger(childId) && childId > 0;
  const errorKey: ErrorKey | null = validId ? apiError : 'childNotFound';

  useEffect(() => {
    let live = true;
    if (!validId) return;
    getChildSettings(childId).then((result) => {
      if (!live) return;
      if (result.ok) setSettings(result.data);
      else setApiError(result.errorKey);
    });
    return () => {
      live = false;
    };
  }, [childId, validId]);

  return (
    <>
      <p>
        <Link prefetch={false} href="/children">
          {t('back')}
        </Link>
      </p>
      {errorKey && <Flash kind="error">{tErrors(errorKey)}</Flash>}
      {!settings && !errorKey && <Spinner label={t('loading')} />}
      {settings &&
        SETTINGS_APPS.map((app) => (
          <AppSettingsForm key={app} childId={childId} app={app} initial={settings[app]} />
        ))}
    </>
  );
}
