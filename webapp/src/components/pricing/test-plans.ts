import type { Plan, PlansResponse } from './plans';

// A trimmed copy of GET /v5/plans?countryCode=FR (EUR catalogue of docs/product.md#constants).
function plan(product: string, period: 'P1M' | 'P1Y', price: string, addOns: string[]): Plan {
  const suffix = period === 'P1M' ? 'monthly' : 'yearly';
  return {
    planId: `${product}_${suffix}_eur`,
    product,
    iap: `${product}_${suffix}`,
    price,
    monthlyPrice: price,
    yearlyPrice: null,
    yearlySavings: null,
    durationCode: period,
    currency: 'EUR',
    currencySymbol: '€',
    addOns: addOns.map((p, i) => ({ addonName: i === 0 ? 'second_app' : 'third_app', price: p })),
    nameKey: `Plans.${product}_${suffix}`,
    promoTitle: null,
    isPromo: false,
    subscribed: false,
  };
}

export const PLANS_FR: PlansResponse = {
  countryCode: 'FR',
  currency: 'EUR',
  currencySymbol: '€',
  monthly_plan: [
    plan('lumo_tv', 'P1M', '4.99', ['3.00', '2.00']),
    plan('lumo_books', 'P1M', '4.99', ['3.00', '2.00']),
    plan('lumo_games', 'P1M', '4.99', ['3.00', '2.00']),
    { ...plan('lumo_tv', 'P1M', '2.99', []), planId: 'lumo_tv_monthly_eur_promo', isPromo: true },
  ],
  annual_plan: [
    plan('lumo_tv', 'P1Y', '34.90', ['21.00', '15.00']),
    plan('lumo_books', 'P1Y', '34.90', ['21.00', '15.00']),
    plan('lumo_games', 'P1Y', '34.90', ['21.00', '15.00']),
  ],
};
