import { addOnPrice, formatMoney, normalizeApps, priceSelection, productCode } from './plans';
import { loadSelection, preferMonthly, saveSelection } from './selection';
import { PLANS_FR } from './test-plans';

describe('pricing rules (docs/product.md#constants)', () => {
  it('prices one app at its plan price', () => {
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: ['books'] })).toMatchObject({
      planId: 'lumo_books_monthly_eur',
      product: 'lumo_books',
      addOns: [],
      isBundle: false,
      total: 499,
      perMonth: 499,
      yearlySavings: null,
    });
  });

  it('adds addOns[0] for a second app and addOns[1] for a third', () => {
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: ['games', 'tv'] })).toMatchObject({
      planId: 'lumo_tv_monthly_eur',
      product: 'lumo_tv_games',
      addOns: ['second_app'],
      isBundle: true,
      total: 799,
    });
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: ['tv', 'books', 'games'] })?.total).toBe(
      999,
    );
  });

  it('shows the yearly price per month rounded up to 0.10, and the yearly savings', () => {
    const yearly = priceSelection(PLANS_FR, { period: 'P1Y', apps: ['tv', 'books', 'games'] });
    expect(yearly?.total).toBe(7090); // 34.90 + 21 + 15
    expect(yearly?.perMonth).toBe(600); // 70.90 / 12 = 5.908… -> 6.00
    expect(yearly?.yearlySavings).toBe(12 * 999 - 7090); // 48.98
    expect(priceSelection(PLANS_FR, { period: 'P1Y', apps: ['tv'] })?.perMonth).toBe(300); // 2.908… -> 3.00
  });

  it('never uses a promotional plan as the base', () => {
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: ['tv'] })?.planId).toBe(
      'lumo_tv_monthly_eur',
    );
  });

  it('has no price without an app', () => {
    expect(priceSelection(PLANS_FR, { period: 'P1M', apps: [] })).toBeNull();
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
