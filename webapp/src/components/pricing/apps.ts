// The apps and what a parent picks of them: what the landing capture, the stored selection and the
// pricing code share (kept apart from the pricing code, plans.ts, which pages showing no price
// do not load).
export type Period = 'P1M' | 'P1Y';
export type App = 'tv' | 'books' | 'games';
export const APPS: readonly App[] = ['tv', 'books', 'games'];

/** What the parent picked: a period and one, two or three apps. */
export type PlanSelection = { period: Period; apps: App[] };

export const DEFAULT_SELECTION: PlanSelection = { period: 'P1Y', apps: ['tv', 'books', 'games'] };

/** Apps in catalogue order, without duplicates or unknown names. */
export function normalizeApps(apps: readonly string[]): App[] {
  return APPS.filter((app) => apps.includes(app));
}
