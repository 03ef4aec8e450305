import type { ProductApp } from '@/components/layout/site-pages';

// What each product page shows (docs/product.md#screens). The two age bands of each app are the
// first two age filters of its parental settings (lib/api/children.ts AGE_FILTERS, where
// Stories is called "books"); ProductPage.test.tsx keeps them in step.
export type AgeBand = { from: number; to: number };

export const AGE_BANDS: Record<ProductApp, readonly [AgeBand, AgeBand]> = {
  tv: [
    { from: 3, to: 5 },
    { from: 6, to: 8 },
  ],
  stories: [
    { from: 3, to: 6 },
    { from: 7, to: 10 },
  ],
  games: [
    { from: 3, to: 6 },
    { from: 7, to: 10 },
  ],
};

/** Which text of the app goes with each band: the younger and the older children. */
export const AGE_GROUPS = ['young', 'older'] as const;

export const FEATURES = ['f1', 'f2', 'f3', 'f4'] as const;
