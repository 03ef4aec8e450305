import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import PromoRegister from '@/components/partners/PromoRegister';
import { resolvePageLocale } from '@/i18n/locale-params';
import { redirect } from '@/i18n/navigation';
import PageMessages from '@/i18n/PageMessages';
import { isTvUserAgent } from '@/lib/platform';
import { pageMetadata } from '@/lib/seo';

type Params = Promise<{ locale: string; code?: string[] }>;

async function promoCode(params: Params): Promise<string> {
  const raw = (await params).code?.[0] ?? '';
  try {
    return decodeURIComponent(raw).trim().slice(0, 40);
  } catch {
    return raw.trim().slice(0, 40);
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  // A personal code in the address must not be indexed.
  return pageMetadata({
    locale,
    namespace: 'PromoPage',
    path: '/promo',
    index: !(await promoCode(params)),
  });
}

export default async function PromoPage({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  if (isTvUserAgent((await headers()).get('user-agent'))) redirect({ href: '/login', locale });
  const t = await getTranslations({ locale, namespace: 'PromoPage' });
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
        <p>{t('intro')}</p>
        <PromoRegister code={await promoCode(params)} />
      </section>
    </PageMessages>
  );
}
