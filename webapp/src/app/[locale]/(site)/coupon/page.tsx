import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import PublisherForm from '@/components/partners/PublisherForm';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { redirect } from '@/i18n/navigation';
import PageMessages from '@/i18n/PageMessages';
import { isTvUserAgent } from '@/lib/platform';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'CouponPage', path: '/coupon' });
}

export default async function CouponPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  // docs/product.md#roles: TV platforms cannot use the publisher page.
  if (isTvUserAgent((await headers()).get('user-agent'))) redirect({ href: '/login', locale });
  const t = await getTranslations({ locale, namespace: 'CouponPage' });
  return (
    <PageMessages namespaces={['CouponPage', 'Errors']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <PublisherForm />
      </section>
    </PageMessages>
  );
}
