export type EntryRule = 'register' | 'login';
export type AccountState = 'none' | 'free' | 'premium';

/**
 * Where a visitor of a public entry page must go instead, or null to stay (docs/product.md#flows, docs/product.md#roles).
 * A premium parent called from a web app (or TV folder) is sent back there by the
 * start-up logic (lib/startup), so this rule leaves that case alone.
 */
export function entryDestination(
  rule: EntryRule,
  isTv: boolean,
  account: AccountState,
  calledBack = false,
): string | null {
  if (account === 'premium') return calledBack ? null : '/';
  if (account === 'free') return '/subscribe';
  if (rule === 'register' && isTv) return '/login'; // TV users cannot register
  return null;
}

/** After a successful login: premium families see their profile, others choose a plan. */
export function loginDestination(premium: boolean): string {
  return premium ? '/' : '/subscribe';
}
