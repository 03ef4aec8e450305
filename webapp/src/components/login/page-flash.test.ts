import en from '@locales/en.json';
import { withFlash } from './page-flash';
import { flashFromQuery } from './read-flash';

describe('flash messages carried by a redirect', () => {
  it('reads a known error key or notice key', () => {
    expect(flashFromQuery({ flash: 'couponInvalid' }, en.Errors)).toEqual({
      kind: 'error',
      key: 'couponInvalid',
    });
    expect(flashFromQuery({ notice: 'resetSent' }, en.Errors)).toEqual({
      kind: 'success',
      key: 'resetSent',
    });
  });

  it('ignores unknown keys (no text injection through the address)', () => {
    expect(flashFromQuery({ flash: '<b>hi</b>' }, en.Errors)).toBeNull();
    expect(flashFromQuery({ flash: 'toString' }, en.Errors)).toBeNull();
    expect(flashFromQuery({ flash: 'constructor' }, en.Errors)).toBeNull();
    expect(flashFromQuery({ notice: 'toString' }, en.Errors)).toBeNull();
    expect(flashFromQuery({}, en.Errors)).toBeNull();
  });

  it('shows only an error whose text the page was sent', () => {
    const registerPage = { couponInvalid: en.Errors.couponInvalid };
    expect(flashFromQuery({ flash: 'couponInvalid' }, registerPage)).toEqual({
      kind: 'error',
      key: 'couponInvalid',
    });
    expect(flashFromQuery({ flash: 'sessionExpired' }, registerPage)).toBeNull();
    expect(flashFromQuery({ flash: 'couponInvalid' }, undefined)).toBeNull();
  });

  it('builds the redirect address', () => {
    expect(withFlash('/register', { kind: 'error', key: 'couponInvalid' })).toBe(
      '/register?flash=couponInvalid',
    );
    expect(withFlash('/login', { kind: 'success', key: 'resetSent' })).toBe(
      '/login?notice=resetSent',
    );
  });
});

describe('account deletion notice', () => {
  it('reads ?notice=accountDeleted', () => {
    expect(flashFromQuery({ notice: 'accountDeleted' }, undefined)).toEqual({
      kind: 'success',
      key: 'accountDeleted',
    });
  });
});
