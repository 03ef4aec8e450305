import { account, subscription } from '@/test/accounts';
import { decideStartup, sendsToProfile, webAppOf, type StartupInput } from './decide';

const premium = account([subscription()]);
const expired = account([subscription({ isExpired: true })]);
const loaded = (a = premium) => ({ status: 'ok' as const, account: a });

function decide(overrides: Partial<StartupInput>) {
  return decideStartup({ pathname: '/', isTvPlatform: false, hasToken: true, ...overrides });
}

describe('start-up decision (docs/product.md#flows)', () => {
  describe('redirect key', () => {
    it('verifies a key first, even on a public route', () => {
      expect(decide({ key: 'k1', pathname: '/login', hasToken: false })).toEqual({
        next: 'verifyKey',
        key: 'k1',
      });
    });
    it('drops the token and goes to login when the key is refused', () => {
      expect(decide({ key: 'k1', keyCheck: 'invalid' })).toEqual({
        next: 'navigate',
        to: '/login',
        dropToken: true,
      });
    });
    it('goes on to the account once the key gave a token', () => {
      expect(decide({ key: 'k1', keyCheck: 'valid' })).toEqual({ next: 'loadAccount' });
    });
  });

  describe('logged out', () => {
    it.each([
      '/homePage',
      '/login',
      '/register/partner',
      '/forgotten-password',
      '/swisscom',
      '/coupon',
      '/intermarche',
      '/ACEF',
      '/promo/CODE',
      '/logout',
      '/reset-password',
      '/confirm-email',
      '/contact',
      '/faq',
      '/about',
      '/learning',
      '/lumo-tv',
      '/lumo-stories',
      '/lumo-games',
      '/withdraw',
    ])('shows the public route %s', (pathname) => {
      expect(decide({ pathname, hasToken: false })).toEqual({ next: 'render' });
    });
    it.each([
      '/',
      '/products',
      '/subscribe',
      '/changePlan/abc',
      '/unsubscribe/3',
      '/change-password',
      '/add-subscription',
      '/billing',
    ])('sends %s to login', (pathname) => {
      expect(decide({ pathname, hasToken: false })).toEqual({ next: 'navigate', to: '/login' });
    });
  });

  describe('loading the account', () => {
    it('loads the account when logged in', () => {
      expect(decide({})).toEqual({ next: 'loadAccount' });
    });
    it('drops the token on 401 and goes to login', () => {
      expect(decide({ account: { status: 'unauthorized' } })).toEqual({
        next: 'navigate',
        to: '/login',
        dropToken: true,
        flash: 'sessionExpired',
      });
    });
    it('shows subscription-not-found on 404', () => {
      expect(decide({ account: { status: 'notFound' } })).toEqual({
        next: 'fail',
        errorKey: 'subscriptionNotFound',
      });
    });
    it('shows the generic error on 400 and other failures', () => {
      expect(decide({ account: { status: 'failed' } })).toEqual({
        next: 'fail',
        errorKey: 'somethingWentWrong',
      });
    });
    it.each(['/logout', '/reset-password', '/confirm-email', '/withdraw'])(
      'never redirects from %s, even logged in',
      (pathname) => {
        expect(decide({ pathname, key: 'k' })).toEqual({ next: 'render' });
      },
    );
  });

  describe('premium', () => {
    it('returns to the stored TV folder when the family has TV', () => {
      expect(decide({ account: loaded(), storedTvFolder: 'f42', storedApp: 'games' })).toEqual({
        next: 'openTvFolder',
        folderId: 'f42',
      });
    });
    it('ignores the TV folder without a TV subscription and returns to the calling app', () => {
      const stories = account([subscription({ subscriptionType: 'lumo_books' })]);
      expect(
        decide({ account: loaded(stories), storedTvFolder: 'f42', storedApp: 'stories' }),
      ).toEqual({ next: 'openApp', app: 'stories' });
    });
    it('returns to the calling web app', () => {
      expect(decide({ pathname: '/login', account: loaded(), storedApp: 'games' })).toEqual({
        next: 'openApp',
        app: 'games',
      });
    });
    it.each([
      '/',
      '/products',
      '/subscribe',
      '/changePlan',
      '/changePlan/key1',
      '/resubscribe',
      '/changeSubscriptionPlan',
      '/change-password',
      '/unsubscribe/1',
      '/add-subscription',
      '/billing',
      '/billing/R-2026-000001',
    ])('stays on %s', (pathname) => {
      expect(decide({ pathname, account: loaded() })).toEqual({ next: 'render', account: premium });
    });
    it.each(['/login', '/homePage', '/register', '/promo/X'])(
      'leaves %s to its own entry rule',
      (pathname) => {
        expect(decide({ pathname })).toEqual({ next: 'render' });
        expect(decide({ pathname, account: loaded(), storedApp: 'chess' })).toEqual({
          next: 'render',
        });
      },
    );
    it('loads the account on a public route only to return to a calling app', () => {
      expect(decide({ pathname: '/login', storedApp: 'tv' })).toEqual({ next: 'loadAccount' });
      expect(decide({ pathname: '/homePage', storedTvFolder: 'f1' })).toEqual({
        next: 'loadAccount',
      });
    });
    it('is logged out on a TV platform that opens a payment page', () => {
      expect(decide({ pathname: '/subscribe', isTvPlatform: true, account: loaded() })).toEqual({
        next: 'navigate',
        to: '/login',
        logout: true,
        flash: 'tvSubscriptionExpired',
      });
    });
    it('shows the hub on a TV platform', () => {
      expect(decide({ pathname: '/products', isTvPlatform: true, account: loaded() })).toEqual({
        next: 'render',
        account: premium,
      });
    });
  });

  describe('not premium', () => {
    it('stays on a public route even with a calling app', () => {
      expect(decide({ pathname: '/login', account: loaded(expired), storedApp: 'tv' })).toEqual({
        next: 'render',
        account: expired,
      });
    });
    it.each(['/', '/products', '/changePlan', '/changeSubscriptionPlan', '/unsubscribe/1'])(
      'goes from %s to subscribe',
      (pathname) => {
        expect(decide({ pathname, account: loaded(expired) })).toEqual({
          next: 'navigate',
          to: '/subscribe',
        });
      },
    );
    it('treats an account with no subscription at all as not premium', () => {
      expect(decide({ account: loaded(account([])) })).toEqual({
        next: 'navigate',
        to: '/subscribe',
      });
    });
    it.each(['/subscribe', '/resubscribe', '/add-subscription', '/change-password', '/billing'])(
      'stays on %s',
      (pathname) => {
        expect(decide({ pathname, account: loaded(expired) })).toEqual({
          next: 'render',
          account: expired,
        });
      },
    );
    it('does not return to the calling app', () => {
      expect(decide({ pathname: '/', account: loaded(expired), storedApp: 'tv' })).toEqual({
        next: 'navigate',
        to: '/subscribe',
      });
    });
    it('is logged out with the subscription-expired message on a TV platform', () => {
      expect(decide({ pathname: '/', isTvPlatform: true, account: loaded(expired) })).toEqual({
        next: 'navigate',
        to: '/login',
        logout: true,
        flash: 'tvSubscriptionExpired',
      });
    });
  });
});

describe('calling web app names', () => {
  it.each([
    ['tv', 'tv'],
    ['Stories', 'stories'],
    ['games', 'games'],
    ['books', 'stories'],
    ['chess', null],
    [null, null],
  ])('%s -> %s', (name, app) => expect(webAppOf(name)).toBe(app));
});

describe('subscribe page entry', () => {
  const all = account([subscription({ subscriptionType: 'lumo_tv_books_games' })]);
  it('sends a family with all three apps to the profile', () => {
    expect(sendsToProfile(all, 'subscribe')).toBe(true);
  });
  it('also counts apps spread over several subscriptions', () => {
    const spread = account([
      subscription({ subscriptionType: 'lumo_tv_books' }),
      subscription({ subscriptionType: 'lumo_games', storeId: 'ios' }),
    ]);
    expect(sendsToProfile(spread, 'subscribe')).toBe(true);
  });
  it.each(['changePlan', 'resubscribe'] as const)('keeps them on %s', (mode) => {
    expect(sendsToProfile(all, mode)).toBe(false);
  });
  it('keeps switch-store families on the page', () => {
    const switchStore = account([
      subscription({ subscriptionType: 'lumo_tv_books_games', storeId: 'switch' }),
    ]);
    expect(sendsToProfile(switchStore, 'subscribe')).toBe(false);
  });
  it('keeps families that miss an app', () => {
    expect(
      sendsToProfile(account([subscription({ subscriptionType: 'lumo_tv_books' })]), 'subscribe'),
    ).toBe(false);
    expect(
      sendsToProfile(
        account([subscription({ subscriptionType: 'lumo_tv_books_games', isExpired: true })]),
        'subscribe',
      ),
    ).toBe(false);
  });
});
