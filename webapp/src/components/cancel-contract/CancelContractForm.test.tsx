import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import { setToken } from '@/lib/session/storage';
import CancelContractForm from './CancelContractForm';

const t = en.CancelContract;
const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
  window.localStorage.clear();
});

const DECLARATION = {
  receipt: 'r'.repeat(24),
  receivedAt: '2026-11-27T04:05:06+00:00',
  status: 'matched',
  termination: 'ordinary',
  reason: null,
  name: 'Ana',
  email: 'ana@example.com',
  reference: null,
  endWanted: null,
  language: 'en',
  wordingVersion: '2026-11-27',
  endsOn: '2026-12-04T04:05:06+00:00',
  contracts: [
    {
      subscriptionId: 1,
      plan: 'lumo_tv',
      duration: 'P1M',
      store: 'lumo',
      action: 'cancelled',
      endDate: '2026-12-04',
      where: null,
    },
  ],
};

function formFieldNames(container: HTMLElement) {
  return [...container.querySelectorAll('input, select, textarea')].map(
    (el) => (el as HTMLInputElement).name,
  );
}

describe('the public cancellation form (docs/consumer-law.md#cancellation-page)', () => {
  it('asks only for the listed data, with one button', () => {
    const { container } = renderWithIntl(<CancelContractForm />);
    expect([...new Set(formFieldNames(container))].sort()).toEqual(
      ['email', 'endWhen', 'name', 'reference', 'termination'].sort(),
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: t.submit })).toBeInTheDocument();
  });

  it('asks for the reason only with an extraordinary termination, and a date only when one is wanted', () => {
    const { container } = renderWithIntl(<CancelContractForm />);
    fireEvent.click(screen.getByLabelText(t.extraordinary));
    fireEvent.click(screen.getByLabelText(t.onDate));
    expect(formFieldNames(container)).toEqual(expect.arrayContaining(['reason', 'endDate']));
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText(t.email), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getAllByText(en.Errors.valueRequired)).toHaveLength(2);
  });

  it('sends the declaration without a token and shows the confirmation with the time received', async () => {
    setToken('a-token');
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/v5/subscriptions')
        ? jsonResponse(200, { name: 'Ana P', email: 'ana@example.com', subscriptions: [] })
        : jsonResponse(201, DECLARATION),
    );
    renderWithIntl(<CancelContractForm />);
    await waitFor(() => expect(screen.getByLabelText(t.email)).toHaveValue('ana@example.com'));
    expect(screen.getByLabelText(t.name)).toHaveValue('Ana P');
    expect(screen.getByText(t.prefilled)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.confirmation.title)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([u]) => u.endsWith('contract-cancellations'))!;
    expect(url).toBe('/api/v5/contract-cancellations');
    expect(init.headers.Authorization).toBeUndefined();
    expect(JSON.parse(init.body)).toEqual({
      termination: 'ordinary',
      reason: null,
      name: 'Ana P',
      email: 'ana@example.com',
      reference: null,
      endDate: null,
      language: 'en',
    });
    expect(screen.getByText('November 27, 2026 at 4:05:06 AM UTC')).toBeInTheDocument();
    expect(
      screen.getByText(
        t.confirmation.ends
          .replace('{plan}', en.Plans.lumo_tv_monthly)
          .replace('{date}', 'December 4, 2026'),
      ),
    ).toBeInTheDocument();
  });

  it('shows the API’s field errors from the catalogue', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 0, message: 'parameterRequired', errors: { email: ['x'] } }),
    );
    renderWithIntl(<CancelContractForm />);
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText(t.email), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(en.Errors.invalidEmail)).toBeInTheDocument();
  });
});
