'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import Spinner from '@/components/common/Spinner';
import PlanPopup from '@/components/pricing/PlanPopup';
import type { PlanSelection } from '@/components/pricing/plans';
import { saveSelection } from '@/components/pricing/selection';
import { usePlans } from '@/components/pricing/usePlans';
import { useRouter } from '@/i18n/navigation';
import { useStartup } from '@/lib/startup/use-startup';
import { currentSelection } from './ChangePlanPanel';
import { changeableSubscription } from './ChangePlanRoute';

/** /changeSubscriptionPlan: the plan picker on its own page; confirming or closing goes to /changePlan. */
export default function ChangeSubscriptionPlan() {
  const t = useTranslations('ChangeSubscriptionPlanPage');
  const { account } = useStartup();
  const { plans, failed, retry } = usePlans();
  const router = useRouter();
  const query = useSearchParams();
  const requested = Number(query.get('subscription')) || null;
  const subscription = account ? changeableSubscription(account, requested) : undefined;
  const back = (picked: boolean) => {
    const params = new URLSearchParams();
    if (subscription) params.set('subscription', String(subscription.id));
    if (picked) params.set('picked', '1');
    const search = params.toString();
    router.push(search ? `/changePlan?${search}` : '/changePlan');
  };

  function confirm(selection: PlanSelection) {
    saveSelection(selection);
    back(true);
  }

  if (failed) {
    return (
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('loadFailed')}</p>
        <button type="button" className="button" onClick={retry}>
          {t('retry')}
        </button>
      </section>
    );
  }
  if (!plans || !account)
    return (
      <div className="page">
        <Spinner />
      </div>
    );
  const selected = subscription
    ? currentSelection(subscription)
    : { period: 'P1Y' as const, apps: ['tv' as const] };
  return (
    <section className="page" aria-label={t('title')}>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <PlanPopup
        mode="change"
        plans={plans}
        selected={selected}
        onSelect={confirm}
        onConfirm={confirm}
        onClose={() => back(false)}
      />
    </section>
  );
}
