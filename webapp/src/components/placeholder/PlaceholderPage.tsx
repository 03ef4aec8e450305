import { getTranslations } from 'next-intl/server';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

// Pages of the spec that are not built yet: they show their localized title
// and one line, so routing and translations can be checked end to end.
export type PlaceholderNamespace =
  | 'ProfilePage'
  | 'ChangePasswordPage'
  | 'UnsubscribePage'
  | 'LoginPage'
  | 'LogoutPage'
  | 'RegisterPage'
  | 'SwisscomPage'
  | 'RetailerPage'
  | 'SubscribePage'
  | 'ResubscribePage'
  | 'ChangePlanPage'
  | 'ChangeSubscriptionPlanPage'
  | 'ProductsPage'
  | 'ForgottenPasswordPage'
  | 'AddSubscriptionPage'
  | 'CouponPage'
  | 'PromoPage'
  | 'HomePage';

type Props = LocaleParams & { namespace: PlaceholderNamespace };

export default async function PlaceholderPage({ namespace, params }: Props) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale });
  return (
    <section className="page">
      <h1>{t(`${namespace}.title`)}</h1>
      <p>{t(`${namespace}.intro`)}</p>
    </section>
  );
}

export function placeholderMetadata(namespace: PlaceholderNamespace) {
  return async function generateMetadata({ params }: LocaleParams) {
    const locale = await resolvePageLocale(params);
    const t = await getTranslations({ locale });
    return { title: t(`${namespace}.title`) };
  };
}
