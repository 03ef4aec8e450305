import { jsonResponse, textResponse } from '@/test/http';
import { MAINTENANCE_EVENT } from './maintenance';
import { setToken } from '../session/storage';
import { publicRead, readUrl } from './public-read';

describe('a public read (lib/api/public-read.ts)', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
    window.localStorage.clear();
  });

  it('builds the query as the client does, leaving out what is not given', () => {
    expect(readUrl('/v5/plans', { countryCode: 'CH', showAll: true })).toBe(
      '/api/v5/plans?countryCode=CH&showAll=true',
    );
    expect(readUrl('/v5/plans', { countryCode: 'FR', showAll: undefined })).toBe(
      '/api/v5/plans?countryCode=FR',
    );
    expect(readUrl('/v4/country')).toBe('/api/v4/country');
  });

  it('answers the parsed body, sending JSON headers and no bearer without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { geoplugin_countryCode: 'DE' }));
    await expect(publicRead('/v4/country')).resolves.toEqual({
      ok: true,
      status: 200,
      data: { geoplugin_countryCode: 'DE' },
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/v4/country', {
      headers: { Accept: 'application/json' },
    });
  });

  it("sends the stored token, for the plans' subscribed flags", async () => {
    setToken('tok');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await publicRead('/v5/plans', { countryCode: 'FR' });
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer tok');
  });

  it('answers a network failure as status 0 and the generic error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(publicRead('/v5/plans/register')).resolves.toEqual({
      ok: false,
      status: 0,
      errorKey: 'somethingWentWrong',
    });
  });

  it('announces maintenance, and answers any failure with the generic error', async () => {
    const heard = jest.fn();
    window.addEventListener(MAINTENANCE_EVENT, heard);
    fetchMock.mockResolvedValue(jsonResponse(503, { message: 'maintenance' }));
    await expect(publicRead('/v5/plans/register')).resolves.toEqual({
      ok: false,
      status: 503,
      errorKey: 'somethingWentWrong',
    });
    expect(heard).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValue(textResponse(500, '<html>proxy</html>'));
    await expect(publicRead('/v5/plans/register')).resolves.toMatchObject({ status: 500 });
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(MAINTENANCE_EVENT, heard);
  });
});
