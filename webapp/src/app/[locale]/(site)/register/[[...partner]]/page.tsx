import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { flashFromQuery } from '@/components/login/page-flash';
import RegisterForm from '@/components/register/RegisterForm';
import { firstValue, resolvePageLocale, type SearchParams } from '@/i18n/locale-params';
import { redirect } from '@/i18n/navigation';
import PageMessages from '@/i18n/PageMessages';
import { isTvUserAgent } from '@/lib/platform';
import { pageMetadata } from '@/lib/seo';

type Params = Promise<{ locale: string; partner?: string[] }>;
type Props = { params: Params; searchParams: SearchParams };

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** /register/{email} pre-fills the e-mail; /register/{partner} names the partner. */
async function entry(params: Params) {
  const segment = safeDecode((await params).partner?.[0] ?? '').trim();
  const isEmail = segment.includes('@');
  return {
    email: isEmail ? segment : '',
    partner: !isEmail && segment ? segment.slice(0, 50) : null,
    segment,
  };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const { segment } = await entry(params);
  return pageMetadata({ locale, namespace: 'RegisterPage', path: '/register', index: !segment });
}

export default async function RegisterPage({ params, searchParams }: Props) {
  const locale = await resolvePageLocale(params);
  // docs/product.md#roles: TV platforms cannot register; they log in (and are told to use a phone).
  if (isTvUserAgent((await headers()).get('user-agent'))) redirect({ href: '/login', locale });
  const t = await getTranslations({ locale, namespace: 'RegisterPage' });
  const query = await searchParams;
  const { email, partner } = await entry(params);
  return (
    <PageMessages
      namespaces={[
        'PasswordHint',
        'DataRights',
        'Notices',
        'PlanPopup',
        'Plans',
        'PricingCard',
        'RegisterPage',
      ]}
    >
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <RegisterForm
          initialEmail={email || firstValue(query.email)}
          partner={partner}
          flash={flashFromQuery(query)}
        />
      </section>
    </PageMessages>
  );
}
