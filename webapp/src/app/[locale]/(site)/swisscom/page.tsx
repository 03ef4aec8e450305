import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import SwisscomRegister from '@/components/partners/SwisscomRegister';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { redirect } from '@/i18n/navigation';
import PageMessages from '@/i18n/PageMessages';
import { isTvUserAgent } from '@/lib/platform';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'SwisscomPage', path: '/swisscom' });
}

export default async function SwisscomPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  if (isTvUserAgent((await headers()).get('user-agent'))) redirect({ href: '/login', locale });
  const t = await getTranslations({ locale, namespace: 'SwisscomPage' });
  return (
    <PageMessages
      namespaces={[
        'CouponField',
        'DataRights',
        'Errors',
        'Notices',
        'PasswordHint',
        'PlanPopup',
        'Plans',
        'PricingCard',
        'RegisterPage',
      ]}
    >
      <section className="page">
        <h1>{t('title')}</h1>
        <p className="badge">{t('offer')}</p>
        <p>{t('intro')}</p>
        <SwisscomRegister />
      </section>
    </PageMessages>
  );
}
