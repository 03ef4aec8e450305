import type { Metadata } from 'next';
import RetailerLanding from '@/components/partners/RetailerLanding';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  return pageMetadata({ locale, namespace: 'RetailerPage', path: '/intermarche' });
}

export default async function IntermarchePage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  return (
    <PageMessages
      namespaces={[
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
      <RetailerLanding locale={locale} retailer="intermarche" />
    </PageMessages>
  );
}
