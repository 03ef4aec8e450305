import { jsonResponse } from '@/test/http';
import { api, publicApi } from './client';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

describe('the typed client', () => {
  it('calls the API through the /api proxy and returns the JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 7 }));
    await expect(api.GET('/v5/children')).resolves.toEqual({
      ok: true,
      status: 200,
      data: { id: 7 },
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/children');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
    expect(fetchMock.mock.calls[0][1].headers.Accept).toBe('application/json');
  });

  it('returns the code and message key of an error', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 3, message: 'alreadyCancelled' }));
    const body = { email: 'a@example.com' };
    await expect(api.POST('/v4/users/change-email', { body })).resolves.toEqual({
      ok: false,
      status: 400,
      code: 3,
      errorKey: 'alreadyCancelled',
      body: { code: 3, message: 'alreadyCancelled' },
    });
  });

  it('sends the stored bearer token unless told not to', async () => {
    window.localStorage.setItem('kidj_ut', 'tok-1');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.GET('/v5/subscriptions');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer tok-1');
    await publicApi.GET('/v4/country');
    expect(fetchMock.mock.calls[1][1].headers.Authorization).toBeUndefined();
    window.localStorage.clear();
  });

  it('sends the body as JSON, fills path params and query from the call', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.PATCH('/v5/children/{child_id}', {
      params: { path: { child_id: 3 } },
      body: { name: 'Léa', ageBand: '6-8' },
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v5/children/3');
    expect(init.method).toBe('PATCH');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body)).toEqual({ name: 'Léa', ageBand: '6-8' });
    await publicApi.GET('/v4/users/forgotten-pass', { params: { query: { email: 'a+b@x.fr' } } });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/v4/users/forgotten-pass?email=a%2Bb%40x.fr');
    expect(fetchMock.mock.calls[1][1].headers['Content-Type']).toBeUndefined();
  });

  it('reads an empty answer as null', async () => {
    fetchMock.mockResolvedValue(jsonResponse(204, undefined));
    await expect(
      api.DELETE('/v5/children/{child_id}', { params: { path: { child_id: 3 } } }),
    ).resolves.toEqual({ ok: true, status: 204, data: null });
  });

  it('treats a network failure as status 0 with the generic message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.GET('/v4/country')).resolves.toEqual({
      ok: false,
      status: 0,
      errorKey: 'somethingWentWrong',
    });
  });

  it('copes with an error page that is not JSON', async () => {
    fetchMock.mockResolvedValue({
      ok: false,
      status: 502,
      headers: new Headers(),
      text: async () => '<html>',
    } as Response);
    await expect(api.GET('/v4/country')).resolves.toMatchObject({
      status: 502,
      errorKey: 'somethingWentWrong',
    });
  });
});

describe('terms update', () => {
  it('announces a 403 termsUpdate with the version to accept', async () => {
    const listener = jest.fn();
    window.addEventListener('lumo:terms-update', listener);
    fetchMock.mockResolvedValue(
      jsonResponse(403, { code: 9, message: 'termsUpdate', version: 'v3' }),
    );
    const result = await api.GET('/v5/subscriptions');
    window.removeEventListener('lumo:terms-update', listener);
    expect(result).toMatchObject({ ok: false, status: 403, code: 9, errorKey: 'termsUpdate' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0][0] as CustomEvent).detail).toEqual({ version: 'v3' });
  });

  it('announces nothing for other errors', async () => {
    const listener = jest.fn();
    window.addEventListener('lumo:terms-update', listener);
    fetchMock.mockResolvedValue(jsonResponse(403, { code: 4, message: 'loginNeeded' }));
    await api.GET('/v5/subscriptions');
    window.removeEventListener('lumo:terms-update', listener);
    expect(listener).not.toHaveBeenCalled();
  });
});
