import { rememberExpiredPage, rememberReturn, takeReturn } from './return-to';
import { decideStartup } from './decide';
import { routeKind, staysWhenNotPremium, staysWhenPremium } from './routes';

beforeEach(() => window.sessionStorage.clear());

describe('/link behind the start-up logic', () => {
  it('is guarded: a logged-out parent is sent to the login', () => {
    expect(routeKind('/link')).toBe('guarded');
    expect(decideStartup({ pathname: '/link', isTvPlatform: false, hasToken: false })).toEqual({
      next: 'navigate',
      to: '/login',
    });
  });

  it('stays open to every logged-in parent, with or without a subscription', () => {
    expect(staysWhenPremium('/link')).toBe(true);
    expect(staysWhenNotPremium('/link')).toBe(true);
  });
});

describe('/children behind the start-up logic', () => {
  it('is a guarded page a premium parent may stay on', () => {
    expect(routeKind('/children/3')).toBe('guarded');
    expect(staysWhenPremium('/children')).toBe(true);
    expect(staysWhenPremium('/children/3')).toBe(true);
  });
});

describe('return after login', () => {
  it('remembers /link with the PIN of the QR code, once', () => {
    rememberReturn('/link', '?pin=482913');
    expect(takeReturn()).toBe('/link?pin=482913');
    expect(takeReturn()).toBeNull();
  });

  it('remembers no other page', () => {
    rememberReturn('/unsubscribe/3', '?x=1');
    expect(takeReturn()).toBeNull();
  });

  it('ignores a tampered value that would leave the site or the list', () => {
    window.sessionStorage.setItem('returnTo', '//evil.example/link');
    expect(takeReturn()).toBeNull();
    window.sessionStorage.setItem('returnTo', '/subscribe');
    expect(takeReturn()).toBeNull();
    window.sessionStorage.setItem('returnTo', 'https://evil.example/link');
    expect(takeReturn()).toBeNull();
  });
});

describe('return after a session that ended mid-task', () => {
  it('reopens the very private page, with its query, once', () => {
    rememberExpiredPage('/children/3', '?tab=games');
    expect(takeReturn()).toBe('/children/3?tab=games');
    expect(takeReturn()).toBeNull();
    rememberExpiredPage('/subscribe');
    expect(takeReturn()).toBe('/subscribe');
  });

  it('remembers no public page and accepts no address off the site', () => {
    rememberExpiredPage('/login');
    expect(takeReturn()).toBeNull();
    window.sessionStorage.setItem('returnAfterExpiry', '//evil.example/children');
    expect(takeReturn()).toBeNull();
    window.sessionStorage.setItem('returnAfterExpiry', 'https://evil.example/');
    expect(takeReturn()).toBeNull();
    window.sessionStorage.setItem('returnAfterExpiry', '/\\evil.example');
    expect(takeReturn()).toBeNull();
  });
});
