import { jsonResponse } from '@/test/http';
import { apiRequest } from './client';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

describe('apiRequest', () => {
  it('calls the API through the /api proxy and returns the JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 7 }));
    await expect(apiRequest('/v5/accounts')).resolves.toEqual({
      ok: true,
      status: 200,
      data: { id: 7 },
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/accounts');
  });

  it('returns the code and message key of an error', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 3, message: 'alreadyCancelled' }));
    await expect(apiRequest('/v4/x', { method: 'POST', body: {} })).resolves.toEqual({
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
    await apiRequest('/v5/subscriptions');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer tok-1');
    await apiRequest('/v4/country', { auth: false });
    expect(fetchMock.mock.calls[1][1].headers.Authorization).toBeUndefined();
    window.localStorage.clear();
  });

  it('treats a network failure as status 0 with the generic message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/v4/x')).resolves.toEqual({
      ok: false,
      status: 0,
      errorKey: 'somethingWentWrong',
    });
  });

  it('copes with an error page that is not JSON', async () => {
    fetchMock.mockResolvedValue({ ok: false, status: 502, text: async () => '<html>' } as Response);
    await expect(apiRequest('/v4/x')).resolves.toMatchObject({
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
    const result = await apiRequest('/v5/subscriptions');
    window.removeEventListener('lumo:terms-update', listener);
    expect(result).toMatchObject({ ok: false, status: 403, code: 9, errorKey: 'termsUpdate' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0][0] as CustomEvent).detail).toEqual({ version: 'v3' });
  });

  it('announces nothing for other errors', async () => {
    const listener = jest.fn();
    window.addEventListener('lumo:terms-update', listener);
    fetchMock.mockResolvedValue(jsonResponse(403, { code: 4, message: 'loginNeeded' }));
    await apiRequest('/v5/subscriptions');
    window.removeEventListener('lumo:terms-update', listener);
    expect(listener).not.toHaveBeenCalled();
  });
});
