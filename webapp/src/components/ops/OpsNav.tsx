'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { forgetSession, may, opsRequest, signedInStaff, type Staff } from './api';

/** The console's bar: its screens (those the role may open) and sign-out. Signed out: back to the login. */
export default function OpsNav() {
  const t = useTranslations('Ops.nav');
  const router = useRouter();
  const [staff, setStaff] = useState<Staff | null>(null);

  useEffect(() => {
    const known = signedInStaff();
    if (!known) router.replace('/ops');
    setStaff(known);
  }, [router]);

  async function logout() {
    await opsRequest('/session', { method: 'DELETE' });
    forgetSession();
    router.replace('/ops');
  }

  if (!staff) return null;
  return (
    <nav className="ops-nav" aria-label={t('label')}>
      <Link href="/ops/search">{t('search')}</Link>
      {may(staff, 'audit.read') && <Link href="/ops/audit">{t('audit')}</Link>}
      {may(staff, 'revenue.read') && <Link href="/ops/revenue">{t('revenue')}</Link>}
      {may(staff, 'campaigns.read') && <Link href="/ops/campaigns">{t('campaigns')}</Link>}
      {may(staff, 'outbox.manage') && <Link href="/ops/dead-letters">{t('deadLetters')}</Link>}
      {may(staff, 'webhooks.read') && <Link href="/ops/webhooks">{t('webhooks')}</Link>}
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
