import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import { keepSession } from '@/lib/api/ops';
import Declarations from './Declarations';

const t = en.OpsDeclarations;
const fetchMock = jest.fn();
const ENTRY = {
  id: 7,
  kind: 'cancellation',
  status: 'unmatched',
  receivedAt: '2026-11-27T04:05:06+00:00',
  language: 'de',
  wordingVersion: '2026-11-27',
  country: 'DE',
  termination: 'ordinary',
  reason: null,
  name: 'Ana',
  email: 'nobody@example.com',
  reference: null,
  endWanted: null,
  accountId: null,
  endsOn: null,
  outcome: [],
  handledAt: null,
  handledBy: null,
  handledReason: null,
};

beforeEach(() => {
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
  keepSession('tok', {
    id: 1,
    email: 's@staff.lumo.example',
    role: 'support',
    permissions: ['declarations.read', 'declarations.handle'],
  });
});

describe('the queue of public declarations', () => {
  it('lists, filters by status and marks one handled with a reason', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [ENTRY] }));
    renderWithIntl(<Declarations />);
    expect(await screen.findByText(/nobody@example\.com/)).toBeInTheDocument();
    expect(screen.getAllByText(t.statuses.unmatched).length).toBeGreaterThan(0);

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [ENTRY] }));
    fireEvent.change(screen.getByLabelText(t.status), { target: { value: 'unmatched' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls[1][0]).toBe('/api/ops/v1/declarations?status=unmatched'),
    );

    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { ...ENTRY, status: 'done' }))
      .mockResolvedValueOnce(
        jsonResponse(200, {
          entries: [
            {
              ...ENTRY,
              status: 'done',
              handledBy: 's@staff.lumo.example',
              handledAt: '2026-11-27T05:00:00+00:00',
              handledReason: 'Replied',
            },
          ],
        }),
      );
    fireEvent.change(screen.getByLabelText(`${t.reason} ${t.kinds.cancellation} #7`), {
      target: { value: 'Replied' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.handle }));
    expect(await screen.findByText(/Handled by s@staff\.lumo\.example/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[2];
    expect(url).toBe('/api/ops/v1/declarations/7/handled');
    expect(JSON.parse(init.body)).toEqual({ reason: 'Replied' });
  });

  it('lists a withdrawal beside a cancellation of the same id and marks the withdrawal handled', async () => {
    const withdrawal = {
      ...ENTRY,
      kind: 'withdrawal',
      status: 'matched',
      termination: '',
      email: 'parent@example.com',
      reference: 'LUMO-3',
      outcome: [{ subscriptionId: 3, action: 'withdrawn' }],
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [ENTRY, withdrawal] }));
    renderWithIntl(<Declarations />);
    expect(await screen.findByText(t.kinds.withdrawal)).toBeInTheDocument();
    expect(screen.getByText(/3:withdrawn/)).toBeInTheDocument();

    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { ...withdrawal, status: 'done' }))
      .mockResolvedValueOnce(jsonResponse(200, { entries: [ENTRY] }));
    fireEvent.change(screen.getByLabelText(`${t.reason} ${t.kinds.withdrawal} #7`), {
      target: { value: 'Refund checked' },
    });
    const buttons = screen.getAllByRole('button', { name: t.handle });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/ops/v1/declarations/withdrawals/7/handled');
    expect(JSON.parse(init.body)).toEqual({ reason: 'Refund checked' });
  });

  it('exports the CSV the API writes', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [ENTRY] }));
    renderWithIntl(<Declarations />);
    await screen.findByText(/nobody@example\.com/);
    fetchMock.mockResolvedValueOnce({ ok: true, text: async () => 'id,kind\n7,cancellation\n' });
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: t.csv }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.mock.calls[1][0]).toBe('/api/ops/v1/declarations?format=csv');
    expect(fetchMock.mock.calls[1][1].headers.Authorization).toBe('Bearer tok');
    click.mockRestore();
  });
});
