import { hasSignedInHint, SIGNED_IN_COOKIE, syncSignedInHint } from './signed-in-hint';
import { clearSession, local, setToken } from './storage';

// The "signed in" hint follows the stored token; src/proxy.ts reads it.
const hinted = () => hasSignedInHint(document.cookie);

afterEach(() => {
  window.localStorage.clear();
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the signed-in hint cookie', () => {
  it('is set with the token and cleared at logout', () => {
    expect(hinted()).toBe(false);
    setToken('tok-1');
    expect(hinted()).toBe(true);
    expect(document.cookie).not.toContain('tok-1');
    clearSession();
    expect(hinted()).toBe(false);
  });

  it('is cleared when a dead token is dropped', () => {
    setToken('tok-2');
    local.remove('userToken', 'token');
    expect(hinted()).toBe(false);
  });

  it('is brought in line with the token on start-up', () => {
    window.localStorage.setItem('kidj_ut', 'from-before-the-hint');
    syncSignedInHint(true);
    expect(hinted()).toBe(true);
    syncSignedInHint(false);
    expect(hinted()).toBe(false);
  });

  it('reads only the value 1 of its own cookie', () => {
    expect(hasSignedInHint('a=1; lumo_signed_in=1')).toBe(true);
    expect(hasSignedInHint('lumo_signed_in=0')).toBe(false);
    expect(hasSignedInHint('xlumo_signed_in=1')).toBe(false);
    expect(hasSignedInHint(null)).toBe(false);
  });
});
