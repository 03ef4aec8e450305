import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router } from '@/test/navigation';
import { PARENT_PAGE } from '@/test/ops-parent-page';
import { renderWithIntl } from '@/test/render';
import { keepSession, STAFF_TOKEN_KEY, type Staff } from '@/lib/api/ops';
import AuditLog from './AuditLog';
import DeadLetters from './DeadLetters';
import OpsLogin from './OpsLogin';
import OpsNav from './OpsNav';
import ParentPage from './ParentPage';
import ParentSearch from './ParentSearch';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const t = en.Ops;
const fetchMock = jest.fn();
const SUPPORT: Staff = {
  id: 1,
  email: 'sam@staff.lumo.example',
  role: 'support',
  permissions: [
    'audit.read',
    'parents.cancel',
    'parents.change_email',
    'parents.email',
    'parents.export',
    'parents.grant',
    'parents.read',
    'parents.sessions',
  ],
};
const ADMIN: Staff = {
  ...SUPPORT,
  id: 2,
  email: 'ada@staff.lumo.example',
  role: 'admin',
  permissions: [
    ...SUPPORT.permissions,
    'outbox.manage',
    'parents.erase',
    'payments.refund',
    'staff.manage',
    'webhooks.read',
  ],
};

beforeEach(() => {
  resetNavigation();
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function lastCall() {
  const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
  return { url, init, body: init.body ? JSON.parse(init.body) : undefined };
}

describe('login', () => {
  it('sends e-mail, password and code, keeps the staff token in this tab only and opens the search', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'stafftok', staff: SUPPORT }));
    renderWithIntl(<OpsLogin />);
    fireEvent.change(screen.getByLabelText(t.login.email), {
      target: { value: 'sam@staff.lumo.example' },
    });
    fireEvent.change(screen.getByLabelText(t.login.password), {
      target: { value: 'secret secret' },
    });
    fireEvent.change(screen.getByLabelText(t.login.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: t.login.submit }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/ops/search'));
    expect(lastCall().url).toBe('/api/ops/v1/session');
    expect(lastCall().body).toEqual({
      email: 'sam@staff.lumo.example',
      password: 'secret secret',
      code: '123456',
    });
    expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe('stafftok');
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('says why a sign-in failed, in the page language', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 0, message: 'staffLoginFailed' }));
    renderWithIntl(<OpsLogin />, 'ar');
    fireEvent.change(screen.getByLabelText(ar.Ops.login.email), {
      target: { value: 'a@b.example' },
    });
    fireEvent.change(screen.getByLabelText(ar.Ops.login.password), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText(ar.Ops.login.code), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: ar.Ops.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ar.Errors.staffLoginFailed);
    expect(router.push).not.toHaveBeenCalled();
  });
});

describe('nav', () => {
  it('sends a signed-out visitor to the login', async () => {
    renderWithIntl(<OpsNav />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/ops'));
  });

  it('shows the screens the role may open', async () => {
    keepSession('tok', SUPPORT);
    const { unmount } = renderWithIntl(<OpsNav />);
    expect(await screen.findByText(t.nav.audit)).toBeInTheDocument();
    expect(screen.queryByText(t.nav.deadLetters)).toBeNull();
    unmount();
    keepSession('tok', ADMIN);
    renderWithIntl(<OpsNav />);
    expect(await screen.findByText(t.nav.deadLetters)).toBeInTheDocument();
  });
});

it('searches by the chosen key and links each parent to its page', async () => {
  keepSession('tok', SUPPORT);
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, {
      results: [
        {
          id: 7,
          email: 'zeb@example.com',
          name: 'Zeb',
          partner: null,
          createdAt: '2026-11-01T10:00:00+00:00',
          deletedAt: null,
        },
      ],
    }),
  );
  renderWithIntl(<ParentSearch />);
  fireEvent.change(screen.getByLabelText(t.search.by), { target: { value: 'coupon' } });
  fireEvent.change(screen.getByLabelText(t.search.query), { target: { value: 'LUMO-FREE' } });
  fireEvent.click(screen.getByRole('button', { name: t.search.submit }));
  expect(await screen.findByRole('link', { name: 'zeb@example.com' })).toHaveAttribute(
    'href',
    '/ops/parents/7',
  );
  expect(lastCall().url).toBe('/api/ops/v1/parents?by=coupon&q=LUMO-FREE');
  expect(lastCall().init.headers.Authorization).toBe('Bearer tok');
});

describe('parent page', () => {
  it('shows the account, the child count only, and support the actions support may take', async () => {
    keepSession('tok', SUPPORT);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, PARENT_PAGE));
    renderWithIntl(<ParentPage accountId={7} />);
    expect(
      await screen.findByRole('heading', { name: t.parent.heading.replace('{id}', '7') }),
    ).toBeInTheDocument();
    expect(screen.getByText(t.parent.children).nextSibling).toHaveTextContent('2');
    expect(screen.getByText(/· welcome/).closest('li')).toHaveTextContent(
      t.parent.status_delivered,
    );
    expect(screen.getByRole('button', { name: t.actions.grant })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.actions.cancelEnd })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.actions.erase })).toBeNull();
    expect(screen.queryByRole('button', { name: /refund/i })).toBeNull();
  });

  it('grants free time with a reason and shows the new end date', async () => {
    keepSession('tok', SUPPORT);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, PARENT_PAGE));
    renderWithIntl(<ParentPage accountId={7} />);
    await screen.findByRole('heading', { name: t.parent.heading.replace('{id}', '7') });
    const later = {
      ...PARENT_PAGE,
      subscriptions: [
        ...PARENT_PAGE.subscriptions,
        {
          ...PARENT_PAGE.subscriptions[0],
          id: 4,
          paymentStateId: 'Free_Campaign',
          isRenewing: false,
          endDate: '2027-01-15T10:00:00+00:00',
        },
      ],
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { subscription: later.subscriptions[1] }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, later));
    fireEvent.change(screen.getAllByLabelText(t.actions.reason)[0], {
      target: { value: 'outage' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.actions.grant }));
    expect(await screen.findByRole('status')).toHaveTextContent(t.actions.done);
    const grantCall = fetchMock.mock.calls[1];
    expect(grantCall[0]).toBe('/api/ops/v1/parents/7/grant');
    expect(JSON.parse(grantCall[1].body)).toEqual({
      duration: 'P1M',
      reason: 'outage',
      subscriptionId: null,
    });
    expect(
      within(screen.getByTestId('subscription-4')).getByText('Jan 15, 2027'),
    ).toBeInTheDocument();
  });

  it('shows the API refusal in words (support asking more than a month)', async () => {
    keepSession('tok', SUPPORT);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, PARENT_PAGE));
    renderWithIntl(<ParentPage accountId={7} />);
    await screen.findByRole('heading', { name: t.parent.heading.replace('{id}', '7') });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { code: 0, message: 'grantTooLong', max: 31 }),
    );
    fireEvent.change(screen.getByLabelText(t.actions.duration), { target: { value: 'P3M' } });
    fireEvent.change(screen.getAllByLabelText(t.actions.reason)[0], {
      target: { value: 'goodwill' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.actions.grant }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can grant at most 31 days.');
  });

  it('lets an admin erase with the typed confirmation', async () => {
    keepSession('tok', ADMIN);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, PARENT_PAGE));
    renderWithIntl(<ParentPage accountId={7} />);
    await screen.findByRole('heading', { name: t.parent.heading.replace('{id}', '7') });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: true }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, PARENT_PAGE));
    fireEvent.change(screen.getByLabelText(t.actions.eraseConfirm), {
      target: { value: 'zeb@example.com' },
    });
    const form = screen
      .getByRole('button', { name: t.actions.erase })
      .closest('form') as HTMLFormElement;
    fireEvent.change(within(form).getByLabelText(t.actions.reason), { target: { value: 'asked' } });
    fireEvent.click(screen.getByRole('button', { name: t.actions.erase }));
    await screen.findByRole('status');
    expect(fetchMock.mock.calls[1][0]).toBe('/api/ops/v1/parents/7/erase');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({
      confirmation: 'zeb@example.com',
      reason: 'asked',
    });
  });
});

it('lists the audit log and filters it by parent', async () => {
  keepSession('tok', SUPPORT);
  const entry = {
    id: 9,
    at: '2026-11-23T10:00:00+00:00',
    action: 'parent.grant',
    outcome: 'done',
    staffId: 1,
    staffEmail: 'sam@staff.lumo.example',
    accountId: 7,
    target: 'subscription:4',
    reason: 'outage',
  };
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [entry] }));
  renderWithIntl(<AuditLog />);
  expect(await screen.findByText('parent.grant')).toBeInTheDocument();
  expect(screen.getByText('outage')).toBeInTheDocument();
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [] }));
  fireEvent.change(screen.getByLabelText(t.audit.accountId), { target: { value: '7' } });
  fireEvent.click(screen.getByRole('button', { name: t.audit.filter }));
  await waitFor(() => expect(screen.queryByText('parent.grant')).toBeNull());
  expect(lastCall().url).toBe('/api/ops/v1/audit?accountId=7');
});

it('retries and discards dead letters with the reason typed', async () => {
  keepSession('tok', ADMIN);
  const letter = {
    id: 5,
    kind: 'partner',
    topic: 'subscribed',
    attempts: 10,
    lastError: 'HTTP 500',
    deadAt: '2026-11-23T10:00:00+00:00',
    accountId: null,
  };
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [letter] }));
  renderWithIntl(<DeadLetters />);
  expect(await screen.findByText('HTTP 500')).toBeInTheDocument();
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: true }));
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [] }));
  fireEvent.change(screen.getByLabelText(t.dead.reason), { target: { value: 'partner gone' } });
  fireEvent.click(screen.getByRole('button', { name: t.dead.discard }));
  expect(await screen.findByText(t.dead.empty)).toBeInTheDocument();
  expect(fetchMock.mock.calls[1][0]).toBe('/api/ops/v1/outbox/5/discard');
  expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ reason: 'partner gone' });
});
