'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useIsTv } from '@/components/layout/PlatformContext';
import { useRouter } from '@/i18n/navigation';
import { isPremium } from '@/lib/account/account';
import { callOnDemand } from '@/lib/api/on-demand';
import { webAppOf } from '@/lib/startup/decide';
import { clearSession, getToken, local } from '@/lib/session/storage';
import { entryDestination, type EntryRule } from './entry';

/**
 * Applies docs/product.md#flows "Register entry" (and the same rule on login): TV -> login;
 * logged-in premium -> profile; logged-in non-premium -> subscribe. Returns
 * true while the decision is pending, so the page shows a loader, not a form.
 */
const unchanging = () => () => undefined;
const tokenSnapshot = () => getToken() !== null;

export function useAccountRedirect(rule: EntryRule): boolean {
  const router = useRouter();
  const isTv = useIsTv();
  // A stored token means an account to look at first. The server (and hydration) sees none: the same
  // first value on both sides, no hydration mismatch.
  const hasToken = useSyncExternalStore(unchanging, tokenSnapshot, () => false);
  // Set once the account was looked at and the visitor stays.
  const [settled, setSettled] = useState(false);
  const checking = !settled && (hasToken || (rule === 'register' && isTv));

  useEffect(() => {
    let cancelled = false;
    const go = (to: string | null) => {
      if (cancelled) return;
      if (to) router.replace(to);
      else setSettled(true);
    };
    if (!getToken()) {
      // No account: only a TV's registration goes elsewhere; otherwise nothing was pending.
      const to = entryDestination(rule, isTv, 'none');
      if (to) router.replace(to);
      return;
    }
    // Only with a token: a first visit does not download the API client (lib/api/on-demand.ts).
    callOnDemand(
      () => import('@/lib/api/subscriptions'),
      (calls) => calls.loadAccount(),
    ).then((result) => {
      const calledBack = Boolean(webAppOf(local.get('app')) || local.get('tvAppFolderId'));
      if (result.ok)
        go(
          entryDestination(
            rule,
            isTv,
            isPremium(result.data.subscriptions) ? 'premium' : 'free',
            calledBack,
          ),
        );
      else {
        if (result.status === 401) clearSession(); // the stored token is dead
        go(entryDestination(rule, isTv, 'none'));
      }
    });
    return () => {
      cancelled = true;
    };
  }, [router, isTv, rule]);

  return checking;
}
