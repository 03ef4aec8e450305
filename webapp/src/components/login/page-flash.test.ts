import { withFlash } from './page-flash';
import { flashFromQuery } from './read-flash';

describe('flash messages carried by a redirect', () => {
  it('reads a known error key or notice key', () => {
    expect(flashFromQuery({ flash: 'couponInvalid' })).toEqual({
      kind: 'error',
      key: 'couponInvalid',
    });
    expect(flashFromQuery({ notice: 'resetSent' })).toEqual({ kind: 'success', key: 'resetSent' });
  });

  it('ignores unknown keys (no text injection through the address)', () => {
    expect(flashFromQuery({ flash: '<b>hi</b>' })).toBeNull();
    expect(flashFromQuery({ notice: 'toString' })).toBeNull();
    expect(flashFromQuery({})).toBeNull();
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
    expect(flashFromQuery({ notice: 'accountDeleted' })).toEqual({
      kind: 'success',
      key: 'accountDeleted',
    });
  });
});
