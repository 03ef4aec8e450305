import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import { keepSession } from '@/lib/api/ops';
import Webhooks from './Webhooks';

const t = en.Ops.webhooks;
const fetchMock = jest.fn();
const HOOKS = [
  {
    id: 9,
    kind: 'charged',
    gatewayId: 'sub_1',
    occurredAt: '2026-11-20T10:00:00+00:00',
    receivedAt: '2026-11-20T10:00:01+00:00',
    transactionId: 'tx_9',
    amount: '9.99',
    currency: 'EUR',
    outcome: 'applied',
    replays: 0,
  },
];

beforeEach(() => {
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

it('lists webhooks and lets an admin replay one with a reason', async () => {
  keepSession('tok', {
    id: 1,
    email: 'a@staff.lumo.example',
    role: 'admin',
    permissions: ['webhooks.read', 'webhooks.replay'],
  });
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: HOOKS }));
  renderWithIntl(<Webhooks />);
  const row = await screen.findByTestId('webhook-9');
  expect(row).toHaveTextContent('tx_9 · €9.99');
  expect(row).toHaveTextContent(t.outcome_applied);
  fireEvent.change(screen.getByLabelText('Reason for webhook 9'), {
    target: { value: 'restored backup' },
  });
  fetchMock.mockResolvedValueOnce(jsonResponse(409, { message: 'webhookReplayStale' }));
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: HOOKS }));
  fireEvent.click(screen.getByRole('button', { name: t.replay }));
  expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.webhookReplayStale);
  expect(fetchMock.mock.calls[1][0]).toBe('/api/ops/v1/webhooks/9/replay');
  expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ reason: 'restored backup' });
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, { subscriptionId: 1, state: 'Active', endDate: null }),
  );
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [{ ...HOOKS[0], replays: 1 }] }));
  fireEvent.click(screen.getByRole('button', { name: t.replay }));
  expect(await screen.findByRole('status')).toHaveTextContent(t.replayed);
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
});

it('shows finance the log without a replay button', async () => {
  keepSession('tok', {
    id: 2,
    email: 'f@staff.lumo.example',
    role: 'finance',
    permissions: ['webhooks.read'],
  });
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: HOOKS }));
  renderWithIntl(<Webhooks />);
  await screen.findByTestId('webhook-9');
  expect(screen.queryByRole('button', { name: t.replay })).toBeNull();
});
