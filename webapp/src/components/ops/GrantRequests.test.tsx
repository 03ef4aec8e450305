import { fireEvent, screen, within } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { resetNavigation } from '@/test/navigation';
import { PARENT_PAGE } from '@/test/ops-parent-page';
import { renderWithIntl } from '@/test/render';
import { keepSession, type Staff } from '@/lib/api/ops';
import GrantRequests from './GrantRequests';
import ParentPage from './ParentPage';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

// docs/operator-console.md#grant-limits-and-four-eyes
const t = en.Ops;
const g = en.OpsGrants;
const fetchMock = jest.fn();
const SUPPORT: Staff = {
  id: 1,
  email: 'sam@staff.lumo.example',
  role: 'support',
  permissions: ['parents.read', 'parents.grant', 'parents.change_email'],
};
const FINANCE: Staff = {
  id: 5,
  email: 'fin@staff.lumo.example',
  role: 'finance',
  permissions: [...SUPPORT.permissions, 'grants.approve'],
};
const REQUEST = {
  id: 9,
  accountId: 7,
  subscriptionId: null,
  durationCode: 'P3M',
  days: 92,
  product: 'lumo_tv_books_games',
  reason: 'long outage',
  requestedBy: 1,
  requestedByEmail: 'sam@staff.lumo.example',
  requestedRole: 'support',
  createdAt: '2026-11-20T10:00:00+00:00',
  status: 'pending',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  decisionReason: null,
};

beforeEach(() => {
  resetNavigation();
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function bodyOf(call: number) {
  return JSON.parse(fetchMock.mock.calls[call][1].body);
}

describe('grant limits on the parent page', () => {
  it('shows the limit in words and sends the same grant for approval', async () => {
    keepSession('tok', SUPPORT);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, PARENT_PAGE));
    renderWithIntl(<ParentPage accountId={7} />);
    await screen.findByRole('heading', { name: t.parent.heading.replace('{id}', '7') });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, {
        code: 0,
        message: 'grantLimitReached',
        max: 31,
        left: 1,
        windowDays: 30,
      }),
    );
    fireEvent.change(screen.getAllByLabelText(t.actions.reason)[0], {
      target: { value: 'outage' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.actions.grant }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('in 30 days (31 days; 1 left)');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { request: REQUEST }));
    fireEvent.click(screen.getByRole('button', { name: g.ask }));
    expect(await screen.findByText(g.asked)).toBeInTheDocument();
    expect(fetchMock.mock.calls[2][0]).toBe('/api/ops/v1/parents/7/grant-requests');
    expect(bodyOf(2)).toEqual(bodyOf(1));
    expect(bodyOf(2)).toMatchObject({ duration: 'P1M', reason: 'outage' });
  });

  it('shows an address waiting for its confirmation beside the one in force', async () => {
    keepSession('tok', SUPPORT);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        ...PARENT_PAGE,
        account: { ...PARENT_PAGE.account, pendingEmail: 'zeb.new@example.com' },
      }),
    );
    renderWithIntl(<ParentPage accountId={7} />);
    expect(await screen.findByTestId('pending-email')).toHaveTextContent(
      g.pendingEmail.replace('{email}', 'zeb.new@example.com'),
    );
    expect(screen.getByText('zeb@example.com')).toBeInTheDocument();
  });
});

describe('grant requests', () => {
  it('lets finance approve another member’s request with a reason', async () => {
    keepSession('tok', FINANCE);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { requests: [REQUEST] }));
    renderWithIntl(<GrantRequests />);
    const row = await screen.findByTestId('grant-request-9');
    expect(row).toHaveTextContent('92 days');
    expect(row).toHaveTextContent('long outage');
    fireEvent.change(within(row).getByLabelText(g.decisionReason), {
      target: { value: 'checked' },
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { request: REQUEST, subscription: null }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { requests: [] }));
    fireEvent.click(within(row).getByRole('button', { name: g.approve }));
    expect(await screen.findByText(g.empty)).toBeInTheDocument();
    expect(fetchMock.mock.calls[1][0]).toBe('/api/ops/v1/grant-requests/9/approve');
    expect(bodyOf(1)).toEqual({ reason: 'checked' });
  });

  it('never offers the asker a decision, nor support any', async () => {
    keepSession('tok', { ...FINANCE, id: 1 });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { requests: [REQUEST] }));
    const { unmount } = renderWithIntl(<GrantRequests />);
    const row = await screen.findByTestId('grant-request-9');
    expect(row).toHaveTextContent(g.own);
    expect(within(row).queryByRole('button', { name: g.approve })).toBeNull();
    unmount();
    keepSession('tok', SUPPORT);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { requests: [REQUEST] }));
    renderWithIntl(<GrantRequests />);
    const seen = await screen.findByTestId('grant-request-9');
    expect(within(seen).queryByRole('button', { name: g.approve })).toBeNull();
  });

  it('shows a refusal in words', async () => {
    keepSession('tok', FINANCE);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { requests: [REQUEST] }));
    renderWithIntl(<GrantRequests />);
    const row = await screen.findByTestId('grant-request-9');
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { code: 0, message: 'grantRequestDecided' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { requests: [REQUEST] }));
    fireEvent.click(within(row).getByRole('button', { name: g.reject }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.grantRequestDecided);
  });
});
