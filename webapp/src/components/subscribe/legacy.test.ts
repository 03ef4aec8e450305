import type { Plan, PlansResponse } from '@/components/pricing/plans';
import { couponFitsProduct, legacyPlans, nextStep } from './legacy';

const plan = (product: string, durationCode: 'P1M' | 'P1Y', isPromo = false) =>
  ({ planId: `${product}_${durationCode}`, product, durationCode, isPromo }) as Plan;

describe('older add-subscription flow', () => {
  it('offers the products of the older calls, monthly first, without promos', () => {
    const plans = {
      monthly_plan: [
        plan('lumo_tv', 'P1M'),
        plan('lumo_tv_games', 'P1M'),
        plan('lumo_books', 'P1M', true),
      ],
      annual_plan: [plan('lumo_tv_books', 'P1Y'), plan('lumo_games', 'P1Y')],
    } as PlansResponse;
    expect(legacyPlans(plans).map((p) => p.planId)).toEqual([
      'lumo_tv_P1M',
      'lumo_tv_books_P1Y',
      'lumo_games_P1Y',
    ]);
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
