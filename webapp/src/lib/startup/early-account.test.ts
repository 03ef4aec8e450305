import { jsonResponse } from '@/test/http';
import { api } from '../api/client';
import { HEAD_SCRIPT } from '../security/inline-scripts';
import { EARLY_ACCOUNT_PATH, earlyAccountScript, takeEarlyAccount } from './early-account';

const fetchMock = jest.fn();
const runHeadScript = () => new Function(earlyAccountScript())();
const holder = window as unknown as Record<string, unknown>;

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(jsonResponse(200, { email: 'early@example.com', subscriptions: [] }));
  global.fetch = fetchMock;
  window.localStorage.clear();
  delete holder.__lumoEarlyAccount;
  window.history.pushState({}, '', '/');
});

describe('the start-up call sent by the head script', () => {
  it('is part of the layout head script', () => {
    expect(HEAD_SCRIPT).toContain(earlyAccountScript());
    expect(HEAD_SCRIPT).not.toContain('</script');
  });

  it.each(['/subscribe', '/de/subscribe', '/ar', '/', '/products', '/fr/billing'])(
    'starts on the private page %s with a stored token, as the client would send it',
    (path) => {
      window.localStorage.setItem('kidj_ut', 'tok-1');
      window.history.pushState({}, '', path);
      runHeadScript();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe(EARLY_ACCOUNT_PATH);
      expect(init).toEqual({
        method: 'GET',
        headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' },
      });
    },
  );

  it.each([
    ['no token', null, '/subscribe'],
    ['a public page', 'tok-1', '/login'],
    ['the cancellation page', 'tok-1', '/de/cancel-contract'],
    ['the operator console', 'tok-1', '/ops/parents'],
    ['a redirect key to verify first', 'tok-1', '/subscribe?key=abc'],
    ['a change-plan key', 'tok-1', '/changePlan/abc'],
  ])('does not start with %s', (_, token, path) => {
    if (token) window.localStorage.setItem('kidj_ut', token);
    window.history.pushState({}, '', path);
    runHeadScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(holder.__lumoEarlyAccount).toBeUndefined();
  });

  it('reads the older token key too', () => {
    window.localStorage.setItem('token', 'tok-old');
    window.history.pushState({}, '', '/subscribe');
    runHeadScript();
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer tok-old');
  });

  it('answers the client once, with the same token: no second request', async () => {
    window.localStorage.setItem('kidj_ut', 'tok-1');
    window.history.pushState({}, '', '/subscribe');
    runHeadScript();
    const first = await api.GET('/v5/subscriptions');
    expect(first).toEqual({
      ok: true,
      status: 200,
      data: { email: 'early@example.com', subscriptions: [] },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1); // the head script's request only
    fetchMock.mockResolvedValue(jsonResponse(200, { email: 'reloaded@example.com' }));
    const reload = await api.GET('/v5/subscriptions');
    expect(reload.ok && reload.data.email).toBe('reloaded@example.com');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken for another token, another call or when stale', () => {
    const response = Promise.resolve(jsonResponse(200, {}));
    holder.__lumoEarlyAccount = { token: 'tok-1', at: Date.now(), response };
    expect(takeEarlyAccount('/api/v5/children', 'GET', 'Bearer tok-1')).toBeNull();
    expect(takeEarlyAccount(EARLY_ACCOUNT_PATH, 'POST', 'Bearer tok-1')).toBeNull();
    expect(holder.__lumoEarlyAccount).toBeDefined(); // other calls leave it
    expect(takeEarlyAccount(EARLY_ACCOUNT_PATH, 'GET', 'Bearer tok-2')).toBeNull();
    expect(holder.__lumoEarlyAccount).toBeUndefined(); // looked at once, then gone
    holder.__lumoEarlyAccount = { token: 'tok-1', at: Date.now() - 60_000, response };
    expect(takeEarlyAccount(EARLY_ACCOUNT_PATH, 'GET', 'Bearer tok-1')).toBeNull();
    holder.__lumoEarlyAccount = { token: 'tok-1', at: Date.now(), response };
    expect(takeEarlyAccount(EARLY_ACCOUNT_PATH, 'GET', 'Bearer tok-1')).toBe(response);
    expect(takeEarlyAccount(EARLY_ACCOUNT_PATH, 'GET', 'Bearer tok-1')).toBeNull();
  });
});
