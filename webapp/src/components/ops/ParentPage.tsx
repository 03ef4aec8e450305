'use client';

import { may } from '@/lib/api/ops';
import OpsError from './OpsError';
import ParentActions from './ParentActions';
import { AccountFacts, ParentRecords, SecuritySection, SubscriptionsTable } from './ParentSections';
import PaymentHistory from './PaymentHistory';
import { useParentPage } from './useParentPage';
import { useSignedInStaff } from './useSignedInStaff';

/** One parent in the console (docs/operator-console.md): facts, subscriptions, payments, actions, history. */
export default function ParentPage({ accountId }: { accountId: number }) {
  const staff = useSignedInStaff() ?? null;
  const state = useParentPage(accountId);
  const { page, error, load, act } = state;

  if (!page) return <OpsError message={error?.message ?? null} />;
  const { account } = page;
  return (
    <div className="ops-parent">
      <AccountFacts page={page} />
      <SubscriptionsTable
        page={page}
        canCancel={may(staff, 'parents.cancel')}
        onCancel={(subscriptionId, when) => act('cancel', { subscriptionId, when })}
      />
      <PaymentHistory
        accountId={account.id}
        staff={staff}
        charges={page.payments ?? []}
        events={page.paymentEvents ?? []}
        onChanged={load}
      />
      <ParentActions page={page} staff={staff} state={state} />
      <SecuritySection
        page={page}
        onRevoke={
          may(staff, 'parents.sessions')
            ? (sessionId) => act('sessions/revoke', { sessionId })
            : undefined
        }
      />
      <ParentRecords page={page} />
    </div>
  );
}
