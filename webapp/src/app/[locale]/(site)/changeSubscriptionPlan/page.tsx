import { Suspense } from 'react';
import ChangeSubscriptionPlan from '@/components/subscribe/ChangeSubscriptionPlan';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import { accountMetadata } from '@/lib/startup/page-metadata';

export const generateMetadata = accountMetadata('ChangeSubscriptionPlanPage');

export default async function ChangeSubscriptionPlanPage({ params }: LocaleParams) {
  await resolvePageLocale(params);
  return (
    <Suspense>
      <ChangeSubscriptionPlan />
    </Suspense>
  );
}
