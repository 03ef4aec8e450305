import { useSyncExternalStore } from 'react';
import { session } from '@/lib/session/storage';
import { APPS, DEFAULT_SELECTION, normalizeApps, type Period, type PlanSelection } from './apps';

// The plan chosen in the popup survives the step from register to subscribe
// in session storage ("selected plan", docs/product.md#entities).
export function loadSelection(): PlanSelection {
  try {
    const stored = JSON.parse(
      session.get('selectedPlan') ?? 'null',
    ) as Partial<PlanSelection> | null;
    const apps = normalizeApps(Array.isArray(stored?.apps) ? stored.apps : []);
    const period: Period =
      stored?.period === 'P1M' || stored?.period === 'P1Y'
        ? stored.period
        : DEFAULT_SELECTION.period;
    return { period, apps: apps.length ? apps : [...DEFAULT_SELECTION.apps] };
  } catch {
    return { ...DEFAULT_SELECTION, apps: [...DEFAULT_SELECTION.apps] };
  }
}

let lastRaw: string | null | undefined;
let lastSelection: PlanSelection = DEFAULT_SELECTION;

/** The stored selection, the same object while the stored text is the same. */
function storedSnapshot(): PlanSelection {
  const raw = session.get('selectedPlan');
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastSelection = loadSelection();
  }
  return lastSelection;
}

const unchanging = () => () => undefined;

/**
 * The stored selection read during render (no effect copying it into state): the default on the
 * server and while hydrating, then this tab's. Read again at each render (a pick saved with
 * saveSelection is seen by the next render); no event tells of a change made elsewhere.
 */
export function useStoredSelection(): PlanSelection {
  return useSyncExternalStore(unchanging, storedSnapshot, () => DEFAULT_SELECTION);
}

export function saveSelection(selection: PlanSelection): void {
  session.set(
    'selectedPlan',
    JSON.stringify({ period: selection.period, apps: normalizeApps(selection.apps) }),
  );
}

/** The landing parameter `monthly` preselects the monthly period (docs/product.md#screens). */
export function preferMonthly(): void {
  saveSelection({ ...loadSelection(), period: 'P1M' });
}

/**
 * The selection offered to a parent who already has some apps (a TV subscription from
 * a store or a partner, say): the apps they have are left out, so the page does not
 * sell them a second time. An explicit pick of apps they lack is kept; a pick of only
 * apps they have becomes every app they lack. A parent with all three is sent to the
 * profile (docs/product.md#flows), so the selection stays as it was.
 */
export function withoutOwnedApps(
  selection: PlanSelection,
  owned: ReadonlySet<string>,
): PlanSelection {
  const missing = APPS.filter((app) => !owned.has(app));
  if (!missing.length || missing.length === APPS.length) return selection;
  const kept = selection.apps.filter((app) => !owned.has(app));
  return { ...selection, apps: kept.length ? kept : missing };
}
