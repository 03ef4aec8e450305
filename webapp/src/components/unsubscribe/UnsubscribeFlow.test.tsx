import { fireEvent, screen } from '@testing-library/react';
import en from '@locales/en.json';
import { account, subscription } from '@/test/accounts';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import type { Account } from '@/lib/account/account';
import { StartupContext } from '@/lib/startup/StartupProvider';
import UnsubscribeFlow from './UnsubscribeFlow';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/lib/analytics', () => ({ track: jest.fn() }));
let query = new URLSearchParams();
jest.mock('next/navigation', () => ({ useSearchParams: () => query }));
const { track } = jest.requireMock('@/lib/analytics') as { track: jest.Mock };

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  track.mockReset();
  global.fetch = fetchMock;
  query = new URLSearchParams();
});

const t = en.UnsubscribePage;
const web = subscription({
  id: 7,
  subscriptionType: 'lumo_tv_books',
  endDate: '2026-12-24T10:00:00+00:00',
});

function renderFlow(parent: Account, id?: string) {
  const reloadAccount = jest.fn(async () => null);
  renderWithIntl(
    <StartupContext.Provider value={{ account: parent, reloadAccount }}>
      <UnsubscribeFlow idSegments={id ? [id] : undefined} />
    </StartupContext.Provider>,
  );
  return reloadAccount;
}

describe('unsubscribe flow', () => {
  it('shows what the parent keeps until the end date, and a way back', () => {
    renderFlow(account([web]), '7');
    expect(screen.getByText('You keep TV · Stories until December 24, 2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.mistake })).toHaveAttribute('href', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cancels with the reason recorded, then shows the success block', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { status: true, endDate: '2026-12-24T10:00:00+00:00' }),
    );
    const reloadAccount = renderFlow(account([web]), '7');
    fireEvent.click(screen.getByLabelText(t.reasons.tooExpensive));
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(
      await screen.findByText(
        'Your subscription has been cancelled. You can keep using Lumo until December 24, 2026.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v4/braintree/subscriptions/cancel?id=7');
    expect(track).toHaveBeenCalledWith('CLOSE', { cancelReason: 'tooExpensive', store: 'lumo' });
    expect(reloadAccount).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: t.backToProfile })).toHaveAttribute('href', '/');
  });

  it('says when the subscription was already cancelled (400 code 3)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 3, message: 'alreadyCancelled' }));
    renderFlow(account([web]), '7');
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText(en.Errors.alreadyCancelled)).toBeInTheDocument();
  });

  it('says when the subscription is not found (404)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: 0, message: 'subscriptionNotFound' }));
    renderFlow(account([web]), '7');
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText(en.Errors.subscriptionNotFound)).toBeInTheDocument();
  });

  it('cancels a swisscom subscription in-app with type=swisscom', async () => {
    query = new URLSearchParams('type=swisscom');
    fetchMock.mockResolvedValue(jsonResponse(200, { status: true }));
    renderFlow(
      account([
        subscription({
          storeId: 'swisscom',
          cancel: { method: 'in_app', path: '/unsubscribe?type=swisscom' },
        }),
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('link', { name: t.backToProfile })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v4/swisscom/unsubscribe');
  });

  it('sends an Apple subscriber to the Apple page', () => {
    const ios = subscription({
      id: 3,
      storeId: 'ios',
      cancel: { method: 'store_page', url: 'https://apps.apple.com/account/subscriptions' },
    });
    renderFlow(account([ios]), '3');
    expect(screen.getByRole('link', { name: 'Open my Apple subscriptions' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/account/subscriptions',
    );
  });

  it('reports an unknown subscription', () => {
    renderFlow(account([web]), '99');
    expect(screen.getByRole('alert')).toHaveTextContent(en.Errors.subscriptionNotFound);
  });
});
