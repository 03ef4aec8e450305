import { account, subscription } from '@/test/accounts';
import type { CancelRoute, Subscription } from '@/lib/account/account';
import { cancelFailure } from './cancel';
import { parseAddress, unsubscribeTarget } from './target';

const route = (
  id: number,
  storeId: string,
  cancel: CancelRoute,
  extra: Partial<Subscription> = {},
) => subscription({ id, subscriptionId: id, storeId, cancel, ...extra });

const subs = [
  route(1, 'lumo', { method: 'in_app', path: '/unsubscribe/1' }),
  route(2, 'virgo', { method: 'help', url: 'https://help.lumo.example/articles/cancel-virgo' }),
  route(3, 'ios', { method: 'store_page', url: 'https://apps.apple.com/account/subscriptions' }),
  route(4, 'playstore', {
    method: 'store_page',
    url: 'https://play.google.com/store/account/subscriptions',
  }),
  route(
    5,
    'docomo',
    { method: 'store_page', url: 'https://www.orange.fr/portail/abonnements' },
    { platformPurchadeId: 'orange' },
  ),
  route(6, 'switch', {
    method: 'in_app',
    path: '/unsubscribe/6?type=switch',
    operator: 'ZONG',
    url: 'https://www.zong.com.pk/vas/unsubscribe',
  }),
  route(7, 'swisscom', { method: 'in_app', path: '/unsubscribe?type=swisscom' }),
  route(8, 'samsung', {
    method: 'help',
    url: 'https://help.lumo.example/articles/cancel-subscription',
  }),
  route(9, 'salt', { method: 'none' }),
  route(10, 'lumo', { method: 'none' }, { paymentStateId: 'Free_Campaign', isRenewing: false }),
  route(11, 'lumo', { method: 'none' }, { paymentStateId: 'Cancelled', isRenewing: false }),
];
const parent = account(subs);
const target = (id: string | undefined, type: string | null = null) =>
  unsubscribeTarget(parent, parseAddress(id ? [id] : undefined, type));

describe('unsubscribe routes per store (docs/product.md#roles)', () => {
  it('web (lumo): in-app cancel', () => {
    expect(target('1')).toEqual({ kind: 'web', subscription: subs[0] });
  });
  it('virgo: the help article', () => {
    expect(target('2')).toEqual({
      kind: 'elsewhere',
      subscription: subs[1],
      method: 'help',
      url: 'https://help.lumo.example/articles/cancel-virgo',
    });
  });
  it('ios: the Apple subscriptions page', () => {
    expect(target('3')).toEqual(
      expect.objectContaining({
        kind: 'elsewhere',
        method: 'store_page',
        url: 'https://apps.apple.com/account/subscriptions',
      }),
    );
  });
  it('playstore: the Google Play page', () => {
    expect(target('4')).toEqual(
      expect.objectContaining({
        kind: 'elsewhere',
        url: 'https://play.google.com/store/account/subscriptions',
      }),
    );
  });
  it('docomo: the operator page of the purchase platform', () => {
    expect(target('5')).toEqual(
      expect.objectContaining({
        kind: 'elsewhere',
        url: 'https://www.orange.fr/portail/abonnements',
      }),
    );
  });
  it('switch: in-app, then the operator site', () => {
    expect(target('6', 'switch')).toEqual({
      kind: 'switch',
      subscription: subs[5],
      operatorUrl: 'https://www.zong.com.pk/vas/unsubscribe',
    });
  });
  it('swisscom: in-app with type=swisscom, with or without an id', () => {
    expect(target(undefined, 'swisscom')).toEqual({ kind: 'swisscom', subscription: subs[6] });
    expect(target('7')).toEqual({ kind: 'swisscom', subscription: subs[6] });
    expect(unsubscribeTarget(account([]), parseAddress(undefined, 'swisscom'))).toEqual({
      kind: 'swisscom',
      subscription: null,
    });
  });
  it('other stores: the help article', () => {
    expect(target('8')).toEqual(expect.objectContaining({ kind: 'elsewhere', method: 'help' }));
  });
  it.each([
    ['9', 'salt'],
    ['10', 'Free_Campaign'],
    ['11', 'already cancelled'],
  ])('%s (%s): nothing to cancel', (id) => {
    expect(target(id).kind).toBe('notCancellable');
  });
  it('an unknown id is not found', () => {
    expect(target('99')).toEqual({ kind: 'notFound' });
    expect(unsubscribeTarget(account([]), parseAddress(undefined, null))).toEqual({
      kind: 'notFound',
    });
  });
  it('without an id, takes the first subscription that can be cancelled', () => {
    expect(unsubscribeTarget(account([subs[8], subs[2]]), parseAddress([], null)).kind).toBe(
      'elsewhere',
    );
  });
  it('ignores a malformed id or type', () => {
    expect(parseAddress(['abc'], 'other')).toEqual({ id: null, type: null });
    expect(parseAddress(['12'], 'switch')).toEqual({ id: 12, type: 'switch' });
  });
});

describe('unsubscribe outcomes (docs/product.md#errors)', () => {
  it.each([
    [404, undefined, 'subscriptionNotFound'],
    [400, 3, 'alreadyCancelled'],
    [400, 0, 'somethingWentWrong'],
    [500, undefined, 'somethingWentWrong'],
    [0, undefined, 'somethingWentWrong'],
  ])('status %s code %s -> %s', (status, code, key) => {
    expect(cancelFailure({ ok: false, status, code, errorKey: 'somethingWentWrong' })).toBe(key);
  });
});
