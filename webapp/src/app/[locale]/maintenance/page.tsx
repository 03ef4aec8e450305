import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import MaintenancePage from '@/components/site/MaintenancePage';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { getSiteStatus } from '@/lib/site/status';

// src/proxy.ts rewrites every page here, with status 503, while GET /v4/site says maintenance.
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'MaintenancePage' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

export default async function MaintenanceRoute({ params }: LocaleParams) {
  await resolvePageLocale(params);
  // Outside maintenance the address is not a page of the site.
  if (!(await getSiteStatus()).maintenance) notFound();
  return <MaintenancePage />;
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
