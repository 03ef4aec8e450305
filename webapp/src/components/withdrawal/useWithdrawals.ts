'use client';

import { useEffect, useState } from 'react';
import { openWithdrawals, type OpenContract, type WithdrawalAnswer } from '@/lib/api/withdrawals';

/**
 * The profile's withdrawal state: the contracts whose 14 days still run (by subscription id), and the
 * declaration just made, shown until the page is left (docs/consumer-law-withdrawal.md).
 */
export function useWithdrawals(signedIn: boolean, reloadAccount: () => Promise<unknown>) {
  const [contracts, setContracts] = useState<Record<number, OpenContract>>({});
  const [declared, setDeclared] = useState<WithdrawalAnswer | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void openWithdrawals().then((result) => {
      if (!live || !result.ok || !Array.isArray(result.data?.contracts)) return;
      setContracts(Object.fromEntries(result.data.contracts.map((c) => [c.subscriptionId, c])));
    });
    return () => {
      live = false;
    };
  }, [signedIn]);

  function withdrawn(answer: WithdrawalAnswer) {
    setDeclared(answer);
    setContracts(({ [answer.subscriptionId]: _gone, ...rest }) => rest);
    void reloadAccount();
  }

  return { openContracts: contracts, declared, withdrawn };
}
