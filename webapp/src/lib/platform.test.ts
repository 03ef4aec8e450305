import { deviceTypeOf, isTvPlatform, isTvUserAgent } from './platform';

describe('TV platform detection (docs/product.md#flows, docs/product.md#roles)', () => {
  it.each([
    'Mozilla/5.0 (Linux; OMI/4.2) AppleWebKit/537.36',
    'Mozilla/5.0 (SMART-TV) TV Store/2.1 Chrome/79',
  ])('recognises %s', (ua) => {
    expect(isTvUserAgent(ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148',
    'Mozilla/5.0 (X11; Linux x86_64) Chrome/126',
    'omi tv store',
    '',
    null,
  ])('does not take %p for a TV', (ua) => {
    expect(isTvUserAgent(ua)).toBe(false);
  });

  it('reads the browser user agent', () => {
    const spy = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Box OMI/1.0');
    expect(isTvPlatform()).toBe(true);
    spy.mockReturnValue('Mozilla/5.0 (Windows NT 10.0)');
    expect(isTvPlatform()).toBe(false);
    spy.mockRestore();
  });

  it('classifies devices for analytics', () => {
    expect(deviceTypeOf('Box OMI/1.0')).toBe('tv');
    expect(deviceTypeOf('Mozilla/5.0 (iPhone) Mobile')).toBe('mobile');
    expect(deviceTypeOf('Mozilla/5.0 (iPad; CPU OS 17_0)')).toBe('tablet');
    expect(deviceTypeOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile')).toBe('mobile');
    expect(deviceTypeOf('Mozilla/5.0 (Linux; Android 14; SM-X710)')).toBe('tablet');
    expect(deviceTypeOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('desktop');
  });
});
