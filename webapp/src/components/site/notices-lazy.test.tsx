import { act, screen } from '@testing-library/react';
import en from '@locales/en.json';
import { PlatformProvider } from '@/components/layout/PlatformContext';
import TermsUpdateNotice from '@/components/terms/TermsUpdateNotice';
import { api } from '@/lib/api/client';
import { setToken } from '@/lib/session/storage';
import type { HolidayPromo } from '@/lib/site/status';
import { jsonResponse } from '@/test/http';
import { resetNavigation, setPathname } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import HolidayOffer from './HolidayOffer';
import MaintenanceNotice from './MaintenanceNotice';

// The notices load their dialogs on demand: what the layouts mount is a listener that opens them
// on the first announcement, which must not be lost while the dialog's code arrives.
jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
  resetNavigation();
  window.localStorage.clear();
});

async function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(jsonResponse(status, body));
  await act(async () => {
    await api.GET('/v5/subscriptions');
  });
}

describe('maintenance notice', () => {
  it('opens the maintenance popup on the first maintenance answer', async () => {
    renderWithIntl(<MaintenanceNotice />);
    await answer(500, { code: 0, message: 'somethingWentWrong' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await answer(503, { code: 0, message: 'maintenance' });
    expect(
      await screen.findByRole('dialog', { name: en.MaintenancePage.title }),
    ).toBeInTheDocument();
  });
});

describe('terms-update notice', () => {
  it('opens the prompt with the version of the first termsUpdate answer', async () => {
    renderWithIntl(<TermsUpdateNotice />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await answer(403, { code: 9, message: 'termsUpdate', version: '2026-11' });
    expect(
      await screen.findByRole('alertdialog', { name: en.TermsUpdate.title }),
    ).toHaveTextContent('2026-11');
  });
});

describe('holiday offer', () => {
  const PROMO: HolidayPromo = {
    active: true,
    from: '2026-12-15',
    to: '2027-01-05',
    couponCode: 'LUMO-HOLIDAY',
  };

  it('loads the modal for a visitor it is offered to', async () => {
    setPathname('/homePage');
    renderWithIntl(
      <PlatformProvider isTv={false}>
        <HolidayOffer promo={PROMO} />
      </PlatformProvider>,
    );
    expect(await screen.findByRole('dialog', { name: en.HolidayModal.title })).toBeInTheDocument();
  });

  it.each([
    ['en', '/site-status'],
    ['ar', '/ar/site-status'],
  ] as const)(
    'asks for the promo at the %s path, which the proxy answers without a redirect',
    async (locale, path) => {
      fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
      setPathname('/login');
      renderWithIntl(
        <PlatformProvider isTv={false}>
          <HolidayOffer />
        </PlatformProvider>,
        locale,
      );
      await act(async () => {});
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls[0][0]).toBe(path);
    },
  );

  it.each([
    ['on another page', '/login', false, false],
    ['for a logged-in parent', '/homePage', false, true],
    ['on a TV', '/homePage', true, false],
  ])('loads nothing %s', async (_, pathname, tv, loggedIn) => {
    setPathname(pathname);
    if (loggedIn) setToken('token');
    renderWithIntl(
      <PlatformProvider isTv={tv}>
        <HolidayOffer promo={PROMO} />
      </PlatformProvider>,
    );
    await act(async () => {
      await import('./HolidayModal'); // what an offer would have loaded by now
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
