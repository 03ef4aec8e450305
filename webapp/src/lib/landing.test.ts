import path from 'node:path';
import { loadSelection } from '@/components/pricing/selection';
import { jsonResponse } from '@/test/http';
import { importedBy } from '@/test/imports';
import { captureLandingParams, verifyRedirectKeyOnce } from './landing';
import { getToken, setToken } from './session/storage';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('landing query parameters (docs/product.md#screens)', () => {
  it('monthly preselects the monthly period', () => {
    expect(loadSelection().period).toBe('P1Y');
    captureLandingParams(new URLSearchParams('monthly=true'));
    expect(loadSelection().period).toBe('P1M');
  });

  it('monthly=false changes nothing', () => {
    captureLandingParams(new URLSearchParams('monthly=false'));
    expect(loadSelection().period).toBe('P1Y');
  });

  it('stores the calling app and the TV folder', () => {
    captureLandingParams(new URLSearchParams('app=Games&tv-app-folder=folder-42'));
    expect(window.localStorage.getItem('app')).toBe('games');
    expect(window.localStorage.getItem('tvAppFolderId')).toBe('folder-42');
  });

  it('ignores an app name that is not a plain word', () => {
    captureLandingParams(new URLSearchParams('app=<script>'));
    expect(window.localStorage.getItem('app')).toBeNull();
  });

  it('returns the redirect key to verify, and captures utm', () => {
    expect(captureLandingParams(new URLSearchParams('key=k-1&utm_source=tv')).redirectKey).toBe(
      'k-1',
    );
    expect(captureLandingParams(new URLSearchParams('')).redirectKey).toBeNull();
    expect(window.sessionStorage.getItem('utm')).toBe('{"source":"tv"}');
  });
});

describe('verifyRedirectKeyOnce', () => {
  it('stores the token the key is traded for', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { token: 'tok-from-key' }));
    await expect(verifyRedirectKeyOnce('good-key')).resolves.toBe(true);
    expect(fetchMock.mock.calls[0][0]).toBe(
      '/api/v4/users/redirect/verify-key?redirectKey=good-key',
    );
    expect(getToken()).toBe('tok-from-key');
  });

  it('drops the stored token when the key is refused', async () => {
    setToken('old');
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 0, message: 'redirectKeyInvalid' }));
    await expect(verifyRedirectKeyOnce('used-key')).resolves.toBe(false);
    expect(getToken()).toBeNull();
  });

  it('asks the API once per key (keys are single use)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { token: 't' }));
    await Promise.all([verifyRedirectKeyOnce('k-once'), verifyRedirectKeyOnce('k-once')]);
    await verifyRedirectKeyOnce('k-once');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the landing capture, on every page', () => {
  it('does not load the pricing code', () => {
    const loaded = importedBy(path.join(__dirname, 'landing.ts'));
    expect(loaded).toContain('components/pricing/selection.ts');
    expect(loaded).not.toContain('components/pricing/plans.ts');
  });
});
