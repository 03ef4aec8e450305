import { getTranslations } from 'next-intl/server';
import '@/components/layout/public.css';
import RegisterForm from '@/components/register/RegisterForm';
import type { Locale } from '@/i18n/routing';

type Props = { locale: Locale; retailer: 'intermarche' | 'acef' };

// docs/product.md#screens: retailer landings (e-mail, password, coupon), shown without the site header and footer.
export default async function RetailerLanding({ locale, retailer }: Props) {
  const t = await getTranslations({ locale, namespace: 'RetailerPage' });
  return (
    <div className="retailer">
      <p className="retailer-brand">{t('partnerLine', { retailer })}</p>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <RegisterForm variant="retailer" partner={retailer} />
      </section>
    </div>
  );
}
