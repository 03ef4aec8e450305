import { jsonResponse } from '@/test/http';
import { MAINTENANCE_EVENT } from './api/maintenance';
import { local } from './session/storage';

// Each test imports a fresh module: countryCode keeps its lookup under way for the page's lifetime.
describe('the start-up country', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    window.localStorage.clear();
    fetchMock.mockReset();
    global.fetch = fetchMock;
  });

  it('asks GET /v4/country once and keeps the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { geoplugin_countryCode: 'DE' }));
    let countryCode!: () => Promise<string>;
    jest.isolateModules(() => ({ countryCode } = require('./country')));
    await expect(Promise.all([countryCode(), countryCode()])).resolves.toEqual(['DE', 'DE']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v4/country');
    expect(local.get('countryCode')).toBe('DE');
    await expect(countryCode()).resolves.toBe('DE');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a failed network', () => fetchMock.mockRejectedValue(new TypeError('offline'))],
    ['an error answer', () => fetchMock.mockResolvedValue(jsonResponse(500, { code: 0 }))],
    [
      'an answer that is not JSON',
      () => fetchMock.mockResolvedValue({ ...jsonResponse(200, null), text: async () => '<html>' }),
    ],
  ])('falls back to FR after %s, and asks again on the next page', async (_, answer) => {
    answer();
    let countryCode!: () => Promise<string>;
    jest.isolateModules(() => ({ countryCode } = require('./country')));
    await expect(countryCode()).resolves.toBe('FR');
    expect(local.get('countryCode')).toBeNull();
  });

  it('announces maintenance as the API client does', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { code: 0, message: 'maintenance' }));
    const announced = jest.fn();
    window.addEventListener(MAINTENANCE_EVENT, announced);
    let countryCode!: () => Promise<string>;
    jest.isolateModules(() => ({ countryCode } = require('./country')));
    await expect(countryCode()).resolves.toBe('FR');
    expect(announced).toHaveBeenCalledTimes(1);
    window.removeEventListener(MAINTENANCE_EVENT, announced);
  });
});
