import { account, subscription } from '@/test/accounts';
import { jsonResponse } from '@/test/http';
import { setToken } from '../session/storage';
import { liveCalls } from './calls';
import { accountCache, redirectKeyOf, runStartup, type StartupCalls } from './run';

const premium = account([subscription()]);

function fakeEffects(overrides: Partial<StartupCalls> = {}) {
  let token = false;
  const calls = {
    verifyKey: jest.fn(async () => {
      token = true;
      return true;
    }),
    loadAccount: jest.fn(async () => ({ status: 'ok' as const, account: premium })),
    ...overrides,
  };
  return { ...calls, hasToken: jest.fn(() => token), calls: jest.fn(async () => calls) };
}

describe('start-up runner', () => {
  const base = { pathname: '/', isTvPlatform: false, hasToken: false };

  it('verifies the key, loads the account, then renders', async () => {
    const effects = fakeEffects();
    expect(await runStartup({ ...base, key: 'k1' }, effects)).toEqual({
      next: 'render',
      account: premium,
    });
    expect(effects.verifyKey).toHaveBeenCalledWith('k1');
    expect(effects.loadAccount).toHaveBeenCalledTimes(1);
  });

  it('stops at login when the key is refused, without loading the account', async () => {
    const effects = fakeEffects({ verifyKey: jest.fn(async () => false) });
    expect(await runStartup({ ...base, key: 'bad' }, effects)).toEqual({
      next: 'navigate',
      to: '/login',
      dropToken: true,
    });
    expect(effects.loadAccount).not.toHaveBeenCalled();
  });

  it('sends a visitor without a token to login', async () => {
    const effects = fakeEffects();
    expect(await runStartup({ ...base, pathname: '/products' }, effects)).toEqual({
      next: 'navigate',
      to: '/login',
    });
  });

  it('answers a visitor without a token on a public page without loading the calls', async () => {
    const effects = fakeEffects();
    expect(await runStartup({ ...base, pathname: '/faq' }, effects)).toEqual({ next: 'render' });
    expect(effects.calls).not.toHaveBeenCalled();
  });

  it('shows the retry when the calls cannot be downloaded', async () => {
    const effects = {
      ...fakeEffects(),
      calls: jest.fn(async (): Promise<StartupCalls> => {
        throw new Error('ChunkLoadError');
      }),
    };
    expect(await runStartup({ ...base, key: 'k1' }, effects)).toEqual({
      next: 'fail',
      errorKey: 'somethingWentWrong',
    });
  });
});

describe('the start-up calls', () => {
  it('are the ones the page carries when it carries them (lib/startup/use-startup.ts)', async () => {
    await jest.isolateModulesAsync(async () => {
      const run: typeof import('./run') = require('./run');
      const carried = { liveCalls: jest.fn() } as unknown as typeof import('./calls');
      run.provideStartupCalls(carried);
      await expect(run.loadStartupCalls()).resolves.toBe(carried);
    });
  });

  it('are downloaded otherwise', async () => {
    await jest.isolateModulesAsync(async () => {
      const run: typeof import('./run') = require('./run');
      await expect(run.loadStartupCalls()).resolves.toHaveProperty('liveCalls');
    });
  });
});

describe('redirect key of the address', () => {
  it.each([
    ['/', '?key=abc', 'abc'],
    ['/changePlan/k%2B1', '', 'k+1'],
    ['/ar/changePlan/xyz/', '', 'xyz'],
    ['/changePlan', '', null],
    ['/products', '?app=tv', null],
  ])('%s%s -> %s', (pathname, search, key) => expect(redirectKeyOf(pathname, search)).toBe(key));
});

describe('account cache', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    window.localStorage.clear();
    fetchMock.mockReset();
    global.fetch = fetchMock;
  });

  it('loads the account once per token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, premium));
    setToken('t1');
    const effects = liveCalls(accountCache());
    expect(await effects.loadAccount()).toEqual({ status: 'ok', account: premium });
    expect(await effects.loadAccount()).toEqual({ status: 'ok', account: premium });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    setToken('t2');
    await effects.loadAccount();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([
    [401, 'unauthorized'],
    [404, 'notFound'],
    [400, 'failed'],
    [500, 'failed'],
  ])('maps status %s to %s and caches nothing', async (status, outcome) => {
    fetchMock.mockResolvedValue(jsonResponse(status, { code: 0, message: 'somethingWentWrong' }));
    setToken('t1');
    const effects = liveCalls(accountCache());
    expect(await effects.loadAccount()).toEqual({ status: outcome });
    await effects.loadAccount();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
