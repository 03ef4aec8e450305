import { subscription } from '@/test/accounts';
import type { CancelRoute } from '@/lib/account/account';
import { renewingApps, subscriptionDisplay } from './visibility';

const HELP = 'https://help.lumo.example/articles/cancel-subscription';
// The cancel routes GET /v5/subscriptions sends per store (core/domain/stores.py).
const ROUTES: Record<string, CancelRoute> = {
  lumo: { method: 'in_app', path: '/unsubscribe/1' },
  swisscom: { method: 'in_app', path: '/unsubscribe?type=swisscom' },
  switch: {
    method: 'in_app',
    path: '/unsubscribe/1?type=switch',
    operator: 'JAZZ',
    url: 'https://jazz.com.pk/vas/unsubscribe',
  },
  ios: { method: 'store_page', url: 'https://apps.apple.com/account/subscriptions' },
  playstore: { method: 'store_page', url: 'https://play.google.com/store/account/subscriptions' },
  docomo: { method: 'store_page', url: 'https://www.movistar.es/particulares/suscripciones' },
  virgo: { method: 'help', url: 'https://help.lumo.example/articles/cancel-virgo' },
  mondia: { method: 'help', url: HELP },
  samsung: { method: 'help', url: HELP },
  salt: { method: 'none' },
};

const renewing = (storeId: string, extra = {}) =>
  subscription({ storeId, cancel: ROUTES[storeId], canChangePlan: storeId === 'lumo', ...extra });

describe('profile rules per store (docs/product.md#roles)', () => {
  it.each(Object.keys(ROUTES).filter((s) => s !== 'salt'))(
    '%s: renewing shows its unsubscribe route',
    (store) => {
      expect(subscriptionDisplay(renewing(store), false).unsubscribe).toEqual(ROUTES[store]);
    },
  );

  it('salt: never an unsubscribe link, even if the API sent one', () => {
    expect(subscriptionDisplay(renewing('salt'), false).unsubscribe).toBeNull();
    expect(
      subscriptionDisplay(renewing('salt', { cancel: { method: 'help', url: HELP } }), false)
        .unsubscribe,
    ).toBeNull();
  });

  it('Free_Campaign (coupon access): no unsubscribe, no change plan', () => {
    const coupon = renewing('lumo', { paymentStateId: 'Free_Campaign', coupon: 'LUMO-FREE-0001' });
    const shown = subscriptionDisplay(coupon, false);
    expect(shown.unsubscribe).toBeNull();
    expect(shown.paymentMethod).toBe('coupon');
    expect(shown.coupon).toBe('LUMO-FREE-0001');
  });

  it.each(Object.keys(ROUTES))('%s: change plan only for our own store', (store) => {
    expect(subscriptionDisplay(renewing(store), false).changePlan).toBe(store === 'lumo');
  });

  it.each([
    ['ios', 'apple'],
    ['playstore', 'googlePlay'],
    ['samsung', 'samsung'],
    ['switch', 'operator'],
    ['docomo', 'operator'],
  ])('%s pays through %s', (store, method) =>
    expect(subscriptionDisplay(renewing(store), false).paymentMethod).toBe(method),
  );

  it.each([
    ['card', 'card'],
    ['paypal', 'paypal'],
    ['googlePay', 'googlePay'],
    ['apple_pay', 'applePay'],
    ['bitcoin', 'other'],
    [null, 'other'],
  ])('web payment method %s shows as %s', (paymentMethod, shown) =>
    expect(subscriptionDisplay(renewing('lumo', { paymentMethod }), false).paymentMethod).toBe(
      shown,
    ),
  );
});

describe('profile rules per state', () => {
  it('renewing: next invoice date, change plan, unsubscribe, no resubscribe', () => {
    const shown = subscriptionDisplay(renewing('lumo'), false);
    expect(shown.date).toEqual({ kind: 'nextInvoice', date: '2026-12-01T10:00:00+00:00' });
    expect(shown).toEqual(expect.objectContaining({ changePlan: true, resubscribe: false }));
    expect(shown.unsubscribe).not.toBeNull();
  });

  it('cancelled but running: active-until date and resubscribe only', () => {
    const cancelled = renewing('lumo', {
      isRenewing: false,
      paymentStateId: 'Cancelled',
      nextBillingDate: null,
      endDate: '2026-12-24T00:00:00+00:00',
    });
    const shown = subscriptionDisplay(cancelled, false);
    expect(shown.date).toEqual({ kind: 'activeUntil', date: '2026-12-24T00:00:00+00:00' });
    expect(shown).toEqual(
      expect.objectContaining({ changePlan: false, unsubscribe: null, resubscribe: true }),
    );
  });

  it('no resubscribe when a renewing subscription already covers the apps', () => {
    const cancelled = renewing('lumo', {
      isRenewing: false,
      paymentStateId: 'Cancelled',
      subscriptionType: 'lumo_tv_books',
    });
    expect(
      subscriptionDisplay(
        cancelled,
        false,
        renewingApps([renewing('lumo', { subscriptionType: 'lumo_tv_books_games' })]),
      ).resubscribe,
    ).toBe(false);
    expect(
      subscriptionDisplay(
        cancelled,
        false,
        renewingApps([renewing('ios', { subscriptionType: 'lumo_tv' })]),
      ).resubscribe,
    ).toBe(true);
    expect(subscriptionDisplay(cancelled, false, renewingApps([cancelled])).resubscribe).toBe(true);
  });

  it('expired: expiry date and resubscribe', () => {
    const expired = renewing('lumo', {
      isExpired: true,
      isRenewing: false,
      paymentStateId: 'Expired',
      endDate: '2026-10-01T00:00:00+00:00',
    });
    const shown = subscriptionDisplay(expired, false);
    expect(shown.date).toEqual({ kind: 'expiredOn', date: '2026-10-01T00:00:00+00:00' });
    expect(shown).toEqual(
      expect.objectContaining({ changePlan: false, unsubscribe: null, resubscribe: true }),
    );
  });

  it('an expired subscription still marked renewing offers no cancel', () => {
    const stale = renewing('ios', { isExpired: true });
    expect(subscriptionDisplay(stale, false)).toEqual(
      expect.objectContaining({ unsubscribe: null, changePlan: false, resubscribe: true }),
    );
  });

  it('on a TV platform: no change plan, unsubscribe or resubscribe', () => {
    for (const s of [renewing('lumo'), renewing('ios'), renewing('lumo', { isRenewing: false })]) {
      expect(subscriptionDisplay(s, true)).toEqual(
        expect.objectContaining({ changePlan: false, unsubscribe: null, resubscribe: false }),
      );
    }
  });

  it('shows no date when the store sends none', () => {
    expect(
      subscriptionDisplay(renewing('samsung', { nextBillingDate: null, endDate: null }), false)
        .date,
    ).toBeNull();
  });
});
