import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';

type AccountNamespace =
  | 'ProfilePage'
  | 'ChangePasswordPage'
  | 'UnsubscribePage'
  | 'SubscribePage'
  | 'ResubscribePage'
  | 'ChangePlanPage'
  | 'ChangeSubscriptionPlanPage'
  | 'ProductsPage'
  | 'AddSubscriptionPage';

/** Account pages: a localized title, and never in search engines. */
export function accountMetadata(namespace: AccountNamespace) {
  return async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    const locale = await resolvePageLocale(params);
    const t = await getTranslations({ locale, namespace });
    return { title: t('title'), robots: { index: false, follow: false } };
  };
}
