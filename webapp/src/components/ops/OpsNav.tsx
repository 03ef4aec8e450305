'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { forgetSession, may, ops } from '@/lib/api/ops';
import { useSignedInStaff } from './useSignedInStaff';

/** The console's bar: its screens (those the role may open) and sign-out. Signed out: back to the login. */
export default function OpsNav() {
  const t = useTranslations('Ops.nav');
  const router = useRouter();
  const staff = useSignedInStaff();

  useEffect(() => {
    if (staff === null) router.replace('/ops');
  }, [staff, router]);

  async function logout() {
    await ops.DELETE('/ops/v1/session');
    forgetSession();
    router.replace('/ops');
  }

  if (!staff) return null;
  return (
    <nav className="ops-nav" aria-label={t('label')}>
      <Link prefetch={false} href="/ops/search">
        {t('search')}
      </Link>
      {may(staff, 'parents.grant') && (
        <Link prefetch={false} href="/ops/grants">
          {t('grants')}
        </Link>
      )}
      {may(staff, 'audit.read') && (
        <Link prefetch={false} href="/ops/audit">
          {t('audit')}
        </Link>
      )}
      {may(staff, 'revenue.read') && (
        <Link prefetch={false} href="/ops/revenue">
          {t('revenue')}
        </Link>
      )}
      {may(staff, 'campaigns.read') && (
        <Link prefetch={false} href="/ops/campaigns">
          {t('campaigns')}
        </Link>
      )}
      {may(staff, 'declarations.read') && (
        <Link prefetch={false} href="/ops/declarations">
          {t('declarations')}
        </Link>
      )}
      {may(staff, 'outbox.manage') && (
        <Link prefetch={false} href="/ops/dead-letters">
          {t('deadLetters')}
        </Link>
      )}
      {may(staff, 'webhooks.read') && (
        <Link prefetch={false} href="/ops/webhooks">
          {t('webhooks')}
        </Link>
      )}
      {may(staff, 'site.manage') && (
        <Link prefetch={false} href="/ops/site">
          {t('site')}
        </Link>
      )}
      {may(staff, 'staff.manage') && (
        <Link prefetch={false} href="/ops/staff">
          {t('staff')}
        </Link>
      )}
      <span className="ops-who">
        {t('signedInAs', {
          email: staff.email,
          role: t(`role_${staff.role}` as Parameters<typeof t>[0]),
        })}
      </span>
      <button type="button" onClick={logout}>
        {t('logout')}
      </button>
    </nav>
  );
}
