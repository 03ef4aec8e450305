'use client';

import { useSearchParams } from 'next/navigation';
import type { Account } from '@/lib/account/account';
import { useStartup } from '@/lib/startup/use-startup';
import ChangePlanPanel from './ChangePlanPanel';
import PaymentPage from './PaymentPage';

/** The web subscription /changePlan changes: the one asked for (?subscription=id) or the first changeable one. */
export function changeableSubscription(account: Account, requestedId: number | null) {
  const changeable = account.subscriptions.filter((s) => s.canChangePlan && !s.isExpired);
  return changeable.find((s) => s.id === requestedId) ?? (requestedId ? undefined : changeable[0]);
}

/** /changePlan: a web subscriber confirms a new plan; anyone else pays for one (store switch). */
export default function ChangePlanRoute() {
  const { account } = useStartup();
  const query = useSearchParams();
  if (!account) return null;
  const requested = Number(query.get('subscription')) || null;
  const subscription = changeableSubscription(account, requested);
  if (!subscription) return <PaymentPage mode="changePlan" />;
  return <ChangePlanPanel subscription={subscription} picked={query.get('picked') === '1'} />;
}
