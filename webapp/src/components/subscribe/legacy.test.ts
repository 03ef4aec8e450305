import type { Plan, PlansResponse } from '@/components/pricing/plans';
import { couponFitsProduct, legacyPlans, nextStep } from './legacy';

const plan = (product: string, durationCode: 'P1M' | 'P1Y', isPromo = false, subscribed = false) =>
  ({ planId: `${product}_${durationCode}`, product, durationCode, isPromo, subscribed }) as Plan;

describe('older add-subscription flow', () => {
  const PRODUCTS = [
    ...['lumo_tv', 'lumo_books', 'lumo_games'],
    ...['lumo_tv_books', 'lumo_tv_games', 'lumo_books_games', 'lumo_tv_books_games'],
  ];
  const catalogue = (owned: string[]) => {
    const covered = (product: string) =>
      product
        .split('_')
        .slice(1)
        .every((app) => owned.includes(app));
    const period = (code: 'P1M' | 'P1Y') => [
      ...PRODUCTS.map((product) => plan(product, code, false, covered(product))),
      plan('lumo_books', code, true),
    ];
    return { monthly_plan: period('P1M'), annual_plan: period('P1Y') } as PlansResponse;
  };

  it('offers a family without apps all 14 regular plans, monthly first, without promos', () => {
    const offered = legacyPlans(catalogue([]));
    expect(offered.map((p) => `${p.product} ${p.durationCode}`)).toEqual([
      ...PRODUCTS.map((product) => `${product} P1M`),
      ...PRODUCTS.map((product) => `${product} P1Y`),
    ]);
  });

  it('offers a TV + Stories family the plans of the app it lacks, never one it would pay twice', () => {
    const offered = legacyPlans(catalogue(['tv', 'books']));
    expect(offered.map((p) => p.planId)).toEqual(['lumo_games_P1M', 'lumo_games_P1Y']);
  });

  it('needs a plan before moving on', () => {
    expect(nextStep('plan', null)).toEqual({ step: 'plan', errorKey: 'selectPlan' });
    expect(nextStep('method', null)).toEqual({ step: 'plan', errorKey: 'selectPlan' });
    expect(nextStep('plan', plan('lumo_tv', 'P1M'))).toEqual({ step: 'method' });
    expect(nextStep('method', plan('lumo_tv', 'P1M'))).toEqual({ step: 'card' });
  });

  it.each([
    ['lumo_TV', 'lumo_tv', true],
    ['lumo_TV', 'lumo_books', false],
    ['lumo_TV', 'lumo_tv_books', true],
    ['lumo_BOOKS', 'lumo_books', true],
    ['lumo_BOOKS', 'lumo_games', false],
    ['lumo_ALL', 'lumo_tv_books', false],
    ['lumo_ALL', 'lumo_tv_books_games', true],
    ['lumo', 'lumo_games', true],
  ])('coupon for %s fits %s: %s', (couponProduct, product, fits) => {
    expect(couponFitsProduct(couponProduct, product)).toBe(fits);
  });
});
