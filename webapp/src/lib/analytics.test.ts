import { CONSENT_KEY, CONSENT_VERSION, saveConsent } from './consent';
import {
  analyticsRecord,
  ANALYTICS_PATH,
  captureAttribution,
  storedOrigin,
  storedUtm,
  track,
} from './analytics';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset().mockResolvedValue({ ok: true });
  global.fetch = fetchMock;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('attribution from the landing address', () => {
  it('keeps the utm parameters in session storage under "utm"', () => {
    captureAttribution(
      new URLSearchParams(
        'utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=kids+videos&x=1',
      ),
    );
    expect(JSON.parse(window.sessionStorage.getItem('utm') ?? '')).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'spring',
      term: 'kids videos',
    });
    expect(storedUtm()).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'spring',
      term: 'kids videos',
    });
  });

  it('does not forget the campaign on a later page without utm', () => {
    captureAttribution(new URLSearchParams('utm_source=newsletter'));
    captureAttribution(new URLSearchParams('app=tv'));
    expect(storedUtm()).toEqual({ source: 'newsletter' });
  });

  it.each(['gclid', 'fbclid', 'msclkid', 'ttclid'])(
    'marks the visit as Ads when %s is present',
    (param) => {
      expect(storedOrigin()).toBe('Organic');
      captureAttribution(new URLSearchParams(`${param}=abc123`));
      expect(storedOrigin()).toBe('Ads');
    },
  );

  it('stays Organic without a click id', () => {
    captureAttribution(new URLSearchParams('utm_source=google'));
    expect(storedOrigin()).toBe('Organic');
  });
});

describe('track', () => {
  beforeEach(() => saveConsent({ analytics: true, marketing: false }));

  it('posts one analytics record with the API key, kept alive across navigation', () => {
    window.localStorage.setItem('app', 'stories');
    window.localStorage.setItem('cc', 'DE');
    captureAttribution(new URLSearchParams('utm_source=google&gclid=1'));
    track('START_FREE_TRIAL');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(ANALYTICS_PATH);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(init.headers['X-Api-Key']).toBe('lumo-web-dev');
    const record = JSON.parse(init.body);
    expect(record).toMatchObject({
      env: 'web',
      app: 'stories',
      countryCode: 'DE',
      origin: 'Ads',
      event: 'START_FREE_TRIAL',
      device: { platform: 'web', deviceType: expect.any(String) },
      utm: { source: 'google' },
    });
    expect(record.transactionUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(record.timestamp))).toBe(false);
  });

  it('fills defaults and merges extra fields', () => {
    const record = analyticsRecord('PAYMENT_DONE', { planId: 'lumo_tv_monthly_eur' });
    expect(record).toMatchObject({
      app: 'web',
      countryCode: 'FR',
      origin: 'Organic',
      planId: 'lumo_tv_monthly_eur',
    });
    expect(record).not.toHaveProperty('utm');
  });

  it('never throws, whether fetch rejects or throws', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(() => track('CLICK_REGISTER')).not.toThrow();
    fetchMock.mockImplementationOnce(() => {
      throw new Error('blocked');
    });
    expect(() => track('CLICK_REGISTER')).not.toThrow();
    await Promise.resolve();
  });
});

describe('track behind the cookie consent', () => {
  it('sends nothing before the visitor has chosen', () => {
    track('OPEN_APP');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing when analytics cookies were refused', () => {
    saveConsent({ analytics: false, marketing: true });
    track('OPEN_APP');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing for a choice made under an older consent version', () => {
    window.localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({
        version: CONSENT_VERSION - 1,
        date: new Date().toISOString(),
        analytics: true,
        marketing: true,
      }),
    );
    track('OPEN_APP');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing when the stored choice is not JSON', () => {
    window.localStorage.setItem(CONSENT_KEY, '{broken');
    expect(() => track('OPEN_APP')).not.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the record once analytics cookies are accepted', () => {
    saveConsent({ analytics: true, marketing: false });
    track('OPEN_APP');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(ANALYTICS_PATH);
  });

  it('stops again when the visitor withdraws the consent', () => {
    saveConsent({ analytics: true, marketing: false });
    saveConsent({ analytics: false, marketing: false });
    track('OPEN_APP');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing on a TV platform, whatever is stored (no footer to withdraw a yes)', () => {
    saveConsent({ analytics: true, marketing: true });
    const userAgent = jest
      .spyOn(window.navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (Linux; OMI/2.1) TV Store');
    try {
      track('OPEN_APP');
    } finally {
      userAgent.mockRestore();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
