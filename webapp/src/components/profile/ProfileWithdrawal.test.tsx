import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import ProfileView from '@/components/profile/ProfileView';
import { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { jsonResponse } from '@/test/http';
import { resetNavigation } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/lib/country', () => ({ countryCode: jest.fn(async () => 'FR') }));

const t = en.Withdrawal;
const fetchMock = jest.fn();
beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function answer(open: number[]) {
  return async (url: string) =>
    url === '/api/v5/withdrawals/open'
      ? jsonResponse(200, {
          contracts: open.map((id) => ({
            subscriptionId: id,
            reference: `LUMO-${id}`,
            until: '2026-12-11T10:00:00+00:00',
          })),
        })
      : url === '/api/v5/withdrawals/profile'
        ? jsonResponse(200, {
            id: 3,
            subscriptionId: 1,
            reference: 'LUMO-1',
            name: 'Sam',
            email: 'parent@example.com',
            receivedAt: '2026-11-27T04:10:00+00:00',
            expressRequest: false,
            refundAmount: '4.99',
            currency: 'EUR',
            refundStatus: 'succeeded',
          })
        : jsonResponse(200, {});
}

function renderProfile(reloadAccount = jest.fn(async () => null)) {
  const parent = account([subscription({ id: 1 }), subscription({ id: 2, subscriptionId: 2 })]);
  renderWithIntl(
    <StartupContext.Provider value={{ account: parent, reloadAccount }}>
      <ProfileView />
    </StartupContext.Provider>,
  );
  return reloadAccount;
}

describe('withdrawal on the profile (docs/consumer-law-withdrawal.md)', () => {
  it('shows the function only on contracts whose 14 days still run', async () => {
    fetchMock.mockImplementation(answer([1]));
    renderProfile();
    expect(await screen.findAllByRole('button', { name: t.function })).toHaveLength(1);
  });

  it('hides it once the period is over', async () => {
    fetchMock.mockImplementation(answer([]));
    renderProfile();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v5/withdrawals/open'),
    );
    expect(screen.queryByRole('button', { name: t.function })).not.toBeInTheDocument();
  });

  it('withdraws, shows the declaration as received and reloads the account', async () => {
    fetchMock.mockImplementation(answer([1]));
    const reload = renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: t.function }));
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('heading', { name: t.doneTitle })).toBeInTheDocument();
    expect(screen.getByText('€4.99 will be refunded to your payment method.')).toBeInTheDocument();
    expect(reload).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: t.function })).not.toBeInTheDocument();
  });
});
