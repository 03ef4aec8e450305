import { act, fireEvent, screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { PlatformProvider } from '@/components/layout/PlatformContext';
import {
  CONSENT_GIVEN_ATTRIBUTE,
  CONSENT_KEY,
  CONSENT_VERSION,
  consentProbeScript,
  hasAnalyticsConsent,
  hasMarketingConsent,
  openCookieSettings,
  readConsent,
  saveConsent,
} from '@/lib/consent';
import { renderWithIntl } from '@/test/render';
import CookieConsent from './CookieConsent';
import CookieSettingsLink from './CookieSettingsLink';

const t = en.CookieConsent;

beforeEach(() => window.localStorage.clear());

function stored() {
  return JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? 'null');
}

describe('cookie-consent banner', () => {
  it('is shown until the visitor chooses, then stores the choice with version and date', async () => {
    renderWithIntl(<CookieConsent />);
    expect(screen.getByRole('region', { name: t.title })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: t.necessaryOnly }));
    expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
    const saved = stored();
    expect(saved).toMatchObject({
      version: CONSENT_VERSION,
      necessary: true,
      analytics: false,
      marketing: false,
    });
    expect(Number.isNaN(Date.parse(saved.date))).toBe(false);
    expect(hasAnalyticsConsent()).toBe(false);
  });

  it('accepts every category at once', async () => {
    renderWithIntl(<CookieConsent />);
    fireEvent.click(screen.getByRole('button', { name: t.acceptAll }));
    expect(stored()).toMatchObject({ analytics: true, marketing: true });
    expect(hasAnalyticsConsent()).toBe(true);
  });

  it('lets the visitor pick categories one by one; necessary cannot be switched off', async () => {
    renderWithIntl(<CookieConsent />);
    fireEvent.click(screen.getByRole('button', { name: t.customize }));
    expect(screen.getByRole('checkbox', { name: new RegExp(t.necessary) })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(t.analytics) }));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(stored()).toMatchObject({ analytics: true, marketing: false });
  });

  it('stays hidden when a choice of the current version exists', () => {
    saveConsent({ analytics: false, marketing: false });
    renderWithIntl(<CookieConsent />);
    expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
  });

  it('asks again when the stored choice is of an older version', () => {
    window.localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ version: 0, date: '2025-01-01T00:00:00Z', analytics: true }),
    );
    renderWithIntl(<CookieConsent />);
    expect(readConsent()).toBeNull();
    expect(screen.getByRole('region', { name: t.title })).toBeInTheDocument();
  });

  it('reopens from the footer link with the current choice, which can be withdrawn', async () => {
    saveConsent({ analytics: true, marketing: false });
    renderWithIntl(
      <>
        <CookieSettingsLink />
        <CookieConsent />
      </>,
    );
    expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: t.settingsLink }));
    const analytics = screen.getByRole('checkbox', { name: new RegExp(t.analytics) });
    expect(analytics).toBeChecked();
    fireEvent.click(analytics);
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(hasAnalyticsConsent()).toBe(false);
  });

  it('speaks Arabic', async () => {
    renderWithIntl(<CookieConsent />, 'ar');
    expect(await screen.findByRole('region', { name: ar.CookieConsent.title })).toBeInTheDocument();
    await act(async () => undefined);
  });
});

// A TV has no footer, so no "Cookie settings" link: a choice made there could never be
// changed. The TV gets no banner and uses strictly necessary cookies only.
describe('cookie consent on a TV platform', () => {
  const TV_USER_AGENT = 'Mozilla/5.0 (Linux; Android 9; OMI/2.1) AppleWebKit/537.36 TV Store';

  it('shows no banner, cannot be reopened and stores no choice', () => {
    renderWithIntl(
      <PlatformProvider isTv>
        <CookieConsent />
      </PlatformProvider>,
    );
    expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
    act(() => openCookieSettings());
    expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('grants neither analytics nor marketing, even after an earlier "accept all" in this browser', () => {
    saveConsent({ analytics: true, marketing: true });
    const userAgent = jest
      .spyOn(window.navigator, 'userAgent', 'get')
      .mockReturnValue(TV_USER_AGENT);
    try {
      expect(hasAnalyticsConsent()).toBe(false);
      expect(hasMarketingConsent()).toBe(false);
    } finally {
      userAgent.mockRestore();
    }
    expect(hasAnalyticsConsent()).toBe(true); // the same stored choice counts outside a TV
  });
});

describe('the consent probe of the document head', () => {
  const probe = () => {
    document.documentElement.removeAttribute(CONSENT_GIVEN_ATTRIBUTE);
    new Function(consentProbeScript())();
    return document.documentElement.hasAttribute(CONSENT_GIVEN_ATTRIBUTE);
  };
  afterEach(() => document.documentElement.removeAttribute(CONSENT_GIVEN_ATTRIBUTE));

  it('marks the page exactly when readConsent finds a choice, so the server-rendered banner stays hidden', () => {
    expect(probe()).toBe(false);
    saveConsent({ analytics: false, marketing: false });
    expect(probe()).toBe(true);
    window.localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ version: CONSENT_VERSION - 1, date: '2025-01-01T00:00:00Z' }),
    );
    expect(probe()).toBe(false);
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ version: CONSENT_VERSION }));
    expect(probe()).toBe(false);
    window.localStorage.setItem(CONSENT_KEY, '{not json');
    expect(probe()).toBe(false);
  });

  it('leaves the banner to the visitor who has not chosen: it shows once the page is live', () => {
    renderWithIntl(<CookieConsent />);
    expect(screen.getByRole('region', { name: t.title })).toBeInTheDocument();
  });
});

describe('cookie-consent banner, access', () => {
  it('is compact: the short text, the policy link, "choose cookies" and two buttons', () => {
    renderWithIntl(<CookieConsent />);
    const region = screen.getByRole('region', { name: t.title });
    expect(region).toHaveTextContent(t.introShort);
    expect(region).not.toHaveTextContent(t.intro);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      t.customize,
      t.acceptAll,
      t.necessaryOnly,
    ]);
    fireEvent.click(screen.getByRole('button', { name: t.customize }));
    expect(region).toHaveTextContent(t.intro);
  });

  it('publishes its height for the page while open and releases it once answered', () => {
    renderWithIntl(<CookieConsent />);
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--cookie-banner-size')).toMatch(/^\d+px$/);
    fireEvent.click(screen.getByRole('button', { name: t.acceptAll }));
    expect(root.style.getPropertyValue('--cookie-banner-size')).toBe('');
  });

  it('moves the focus into the choices when the footer link opens them again', async () => {
    saveConsent({ analytics: false, marketing: false });
    renderWithIntl(<CookieConsent />);
    act(() => openCookieSettings());
    expect(screen.getByRole('region', { name: t.title })).toHaveFocus();
  });

  it('has its texts in Arabic', () => {
    renderWithIntl(<CookieConsent />, 'ar');
    expect(screen.getByRole('region', { name: ar.CookieConsent.title })).toHaveTextContent(
      ar.CookieConsent.introShort,
    );
  });
});
