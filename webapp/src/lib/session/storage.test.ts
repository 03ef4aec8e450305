import { clearCoupon, clearSession, getToken, local, LOCAL_KEYS, setToken } from './storage';

describe('session storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('uses the storage key names of the spec', () => {
    expect(LOCAL_KEYS.userToken).toBe('kidj_ut');
    expect(LOCAL_KEYS.countryCode).toBe('cc');
    expect(LOCAL_KEYS.tvAppFolderId).toBe('tvAppFolderId');
  });

  it('stores the token under kidj_ut and token', () => {
    setToken('abc');
    expect(window.localStorage.getItem('kidj_ut')).toBe('abc');
    expect(getToken()).toBe('abc');
  });

  it('logout clears the session but keeps the language-independent landing data', () => {
    setToken('abc');
    local.set('coupon', 'HALF');
    local.set('app', 'tv');
    local.set('countryCode', 'FR');
    clearSession();
    expect(getToken()).toBeNull();
    expect(local.get('coupon')).toBeNull();
    expect(local.get('app')).toBe('tv');
    expect(local.get('countryCode')).toBe('FR');
  });

  it('clears only the coupon keys', () => {
    local.set('coupon', 'HALF');
    local.set('couponProduct', 'lumo_TV');
    local.set('plan', 'lumo_tv_monthly_eur');
    clearCoupon();
    expect(local.get('coupon')).toBeNull();
    expect(local.get('couponProduct')).toBeNull();
    expect(local.get('plan')).toBe('lumo_tv_monthly_eur');
  });
});
