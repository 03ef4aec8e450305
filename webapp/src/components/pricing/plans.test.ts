import { addOnPrice, formatMoney, normalizeApps, priceSelection, productCode } from './plans';
import { loadSelection, preferMonthly, saveSelection } from './selection';
import { PLANS_CH, PLANS_FR } from './test-plans';

describe('quoted bundles (docs/product.md#constants, from the API)', () => {
  it('reads one app from its quoted bundle', () => {
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: ['books'] })).toEqual({
      planId: 'lumo_books_monthly_eur',
      product: 'lumo_books',
      addOns: [],
      isBundle: false,
      currency: 'EUR',
      period: 'P1M',
      total: 499,
      perMonth: 499,
      yearlySavings: null,
    });
  });

  it('reads a bundle with the base plan and add-ons the API names', () => {
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: ['games', 'tv'] })).toMatchObject({
      planId: 'lumo_tv_monthly_eur',
      product: 'lumo_tv_games',
      addOns: ['second_app'],
      isBundle: true,
      total: 799,
    });
    expect(
      priceSelection(PLANS_CH, { period: 'P1Y', apps: ['tv', 'books', 'games'] }),
    ).toMatchObject({ currency: 'CHF', total: 9990, perMonth: 840, yearlySavings: 6690 });
  });

  it('takes the monthly equivalent and the savings as quoted', () => {
    const yearly = priceSelection(PLANS_FR, { period: 'P1Y', apps: ['tv', 'books', 'games'] });
    expect([yearly?.total, yearly?.perMonth, yearly?.yearlySavings]).toEqual([7090, 600, 4898]);
  });

  it('computes nothing: another quote shows other figures', () => {
    const bundles = PLANS_FR.bundles.map((b) =>
      b.product === 'lumo_tv' && b.period === 'P1Y'
        ? { ...b, price: '12.34', monthlyPrice: '5.00', yearlySavings: null }
        : b,
    );
    expect(priceSelection({ ...PLANS_FR, bundles }, { period: 'P1Y', apps: ['tv'] })).toMatchObject(
      { total: 1234, perMonth: 500, yearlySavings: null },
    );
  });

  it('never uses a promotional plan as the base', () => {
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: ['tv'] })?.planId).toBe(
      'lumo_tv_monthly_eur',
    );
  });

  it('has no price without an app, or without a quote', () => {
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: [] })).toBeNull();
    expect(
      priceSelection({ ...PLANS_FR, bundles: [] }, { period: 'P1M', apps: ['tv'] }),
    ).toBeNull();
  });

  it('orders apps as the catalogue does', () => {
    expect(normalizeApps(['games', 'x', 'tv', 'tv'])).toEqual(['tv', 'games']);
    expect(productCode(['games', 'books'])).toBe('lumo_books_games');
  });

  it('knows the add-on prices', () => {
    expect(addOnPrice(PLANS_FR, 'P1Y', 1)).toBe(2100);
    expect(addOnPrice(PLANS_FR, 'P1Y', 2)).toBe(1500);
    expect(addOnPrice(PLANS_FR, 'P1Y', 3)).toBeNull();
  });

  it('formats money for the locale', () => {
    expect(formatMoney(7090, 'EUR', 'en')).toBe('€70.90');
    expect(formatMoney(7090, 'EUR', 'de')).toBe('70,90\u00a0€');
  });
});

describe('selected plan storage', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('defaults to all three apps, yearly', () => {
    expect(loadSelection()).toEqual({ period: 'P1Y', apps: ['tv', 'books', 'games'] });
  });

  it('keeps the pick in session storage', () => {
    saveSelection({ period: 'P1M', apps: ['games', 'tv'] });
    expect(window.sessionStorage.getItem('selectedPlan')).toBe(
      '{"period":"P1M","apps":["tv","games"]}',
    );
    expect(loadSelection()).toEqual({ period: 'P1M', apps: ['tv', 'games'] });
  });

  it('ignores a damaged value', () => {
    window.sessionStorage.setItem('selectedPlan', '{"period":"P9X","apps":"tv"}');
    expect(loadSelection()).toEqual({ period: 'P1Y', apps: ['tv', 'books', 'games'] });
  });

  it('switches the period to monthly for ?monthly', () => {
    saveSelection({ period: 'P1Y', apps: ['books'] });
    preferMonthly();
    expect(loadSelection()).toEqual({ period: 'P1M', apps: ['books'] });
  });
});
