import { appsWithAccess, isPremium, type Subscription } from './account';

const sub = (type: string, isExpired: boolean) =>
  ({ subscriptionType: type, isExpired }) as Subscription;

describe('account helpers', () => {
  it('is premium with at least one live subscription', () => {
    expect(isPremium([])).toBe(false);
    expect(isPremium([sub('lumo_tv', true)])).toBe(false);
    expect(isPremium([sub('lumo_tv', true), sub('lumo_books', false)])).toBe(true);
  });

  it('lists the apps of live subscriptions', () => {
    expect(
      [...appsWithAccess([sub('lumo_tv_books', false), sub('lumo_games', true)])].sort(),
    ).toEqual(['books', 'tv']);
  });
});
