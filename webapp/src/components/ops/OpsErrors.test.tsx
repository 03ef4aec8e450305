import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '@locales/en.json';
import { keepSession, type Staff } from '@/lib/api/ops';
import { expectAlertAnnounced, expectFieldAnnounced } from '@/test/announced';
import { jsonResponse } from '@/test/http';
import { resetNavigation } from '@/test/navigation';
import { PARENT_PAGE } from '@/test/ops-parent-page';
import { renderWithIntl } from '@/test/render';
import AuditLog from './AuditLog';
import Campaigns from './Campaigns';
import DeadLetters from './DeadLetters';
import OpsLogin from './OpsLogin';
import ParentPage from './ParentPage';
import ParentSearch from './ParentSearch';
import PaymentHistory, { type Charge } from './PaymentHistory';
import SiteSwitches from './SiteSwitches';
import StaffAdmin from './StaffAdmin';
import Webhooks from './Webhooks';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

// Errors announced (docs/accessibility.md) in the operator console: a failed submit focuses the first field at fault (its message
// linked by aria-describedby: the form's own check, or the API's refusal when it names the field),
// else the refusal (role="alert").
const t = en.Ops;
const E = en.Errors;
const fetchMock = jest.fn();
const ADMIN: Staff = {
  id: 2,
  email: 'ada@staff.lumo.example',
  role: 'admin',
  permissions: [
    'audit.read',
    'campaigns.manage',
    'parents.cancel',
    'parents.erase',
    'parents.grant',
    'parents.read',
    'payments.refund',
    'outbox.manage',
    'site.manage',
    'staff.manage',
    'webhooks.read',
    'webhooks.replay',
  ],
};

beforeEach(() => {
  resetNavigation();
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
  keepSession('tok', ADMIN);
});

const refusal = (message: string, status = 400) => jsonResponse(status, { code: 0, message });
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('staff login', () => {
  it('nothing typed: the e-mail field, described by its message, and no call', async () => {
    renderWithIntl(<OpsLogin />);
    fireEvent.click(screen.getByRole('button', { name: t.login.submit }));
    await expectFieldAnnounced(screen.getByLabelText(t.login.email), E.fillField);
    expect(screen.getByLabelText(t.login.code)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a code that is not six digits: the code field', async () => {
    renderWithIntl(<OpsLogin />);
    fireEvent.change(screen.getByLabelText(t.login.email), { target: { value: 'a@b.example' } });
    fireEvent.change(screen.getByLabelText(t.login.password), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText(t.login.code), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: t.login.submit }));
    await expectFieldAnnounced(screen.getByLabelText(t.login.code), E.invalidEmail);
    expect(screen.getByLabelText(t.login.email)).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refused by the API: the refusal, no field blamed', async () => {
    fetchMock.mockResolvedValueOnce(refusal('staffLoginFailed', 401));
    renderWithIntl(<OpsLogin />);
    fireEvent.change(screen.getByLabelText(t.login.email), { target: { value: 'a@b.example' } });
    fireEvent.change(screen.getByLabelText(t.login.password), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText(t.login.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: t.login.submit }));
    await expectAlertAnnounced(E.staffLoginFailed);
    expect(screen.getByLabelText(t.login.email)).not.toHaveAttribute('aria-invalid');
  });
});

it('search: nothing typed focuses the query field', async () => {
  renderWithIntl(<ParentSearch />);
  fireEvent.click(screen.getByRole('button', { name: t.search.submit }));
  await expectFieldAnnounced(screen.getByLabelText(t.search.query), E.fillField);
  expect(fetchMock).not.toHaveBeenCalled();
});

it('audit filter: a staff id that is not a number focuses that field', async () => {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [] }));
  renderWithIntl(<AuditLog />);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  fireEvent.change(screen.getByLabelText(t.audit.staffId), { target: { value: 'x1' } });
  fireEvent.click(screen.getByRole('button', { name: t.audit.filter }));
  await expectFieldAnnounced(screen.getByLabelText(t.audit.staffId), E.invalidEmail);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

describe("a parent's page", () => {
  async function open() {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, PARENT_PAGE));
    renderWithIntl(<ParentPage accountId={7} />);
    await screen.findByRole('heading', { name: t.actions.heading });
    return screen.getByRole('region', { name: t.actions.heading });
  }
  const formOf = (button: HTMLElement) => within(button.closest('form')!);

  it("a grant without a reason: that form's reason field, no call", async () => {
    const actions = await open();
    const grant = within(actions).getByRole('button', { name: t.actions.grant });
    fireEvent.click(grant);
    const reason = formOf(grant).getByLabelText(t.actions.reason);
    await expectFieldAnnounced(reason, E.fillField);
    // The other forms' reason fields are not blamed.
    const blamed = within(actions)
      .getAllByLabelText(t.actions.reason)
      .filter((f) => f.getAttribute('aria-invalid'));
    expect(blamed).toEqual([reason]);
    expect(posts()).toHaveLength(0);
  });

  it('an erasure the API refuses for its confirmation: that field, described by the refusal', async () => {
    const actions = await open();
    const erase = within(actions).getByRole('button', { name: t.actions.erase });
    const form = formOf(erase);
    fireEvent.change(form.getByLabelText(t.actions.eraseConfirm), { target: { value: 'x@y.z' } });
    fireEvent.change(form.getByLabelText(t.actions.reason), { target: { value: 'asked by mail' } });
    fetchMock.mockResolvedValueOnce(refusal('confirmationMismatch'));
    fireEvent.click(erase);
    await expectFieldAnnounced(form.getByLabelText(t.actions.eraseConfirm), E.confirmationMismatch);
    expect(screen.getByRole('alert')).toHaveTextContent(E.confirmationMismatch);
  });

  it('a refused button action (cancel): the refusal', async () => {
    await open();
    fetchMock.mockResolvedValueOnce(refusal('alreadyCancelled'));
    fireEvent.click(screen.getByRole('button', { name: t.actions.cancelNow }));
    await expectAlertAnnounced(E.alreadyCancelled);
  });
});

it('refund: no reason focuses the reason field of the dialog', async () => {
  const charge: Charge = {
    transactionId: 'tx_1',
    subscriptionId: 7,
    amount: '9.99',
    refundedAmount: '0.00',
    refundable: '9.99',
    currency: 'EUR',
    status: 'charged',
    createdAt: '2026-11-20T10:00:00+00:00',
    vatRate: '19',
    billingCountry: 'DE',
    cardCountry: null,
    evidenceConflict: false,
  };
  renderWithIntl(
    <PaymentHistory
      accountId={5}
      staff={ADMIN}
      charges={[charge]}
      events={[]}
      onChanged={jest.fn()}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: t.payments.refund }));
  const dialog = within(screen.getByRole('dialog'));
  fireEvent.click(dialog.getByRole('button', { name: t.payments.confirmRefund }));
  await expectFieldAnnounced(dialog.getByLabelText(t.payments.reason), E.fillField);
  expect(fetchMock).not.toHaveBeenCalled();
});

describe('campaigns', () => {
  it('a report without a prefix, then a batch without one: each form its own field', async () => {
    renderWithIntl(<Campaigns />);
    const show = screen.getByRole('button', { name: t.campaigns.show });
    fireEvent.click(show);
    await expectFieldAnnounced(
      within(show.closest('form')!).getByLabelText(t.campaigns.prefix),
      E.fillField,
    );
    const create = screen.getByRole('button', { name: t.campaigns.createSubmit });
    const prefix = within(create.closest('form')!).getByLabelText(t.campaigns.prefix);
    fireEvent.click(create);
    await expectFieldAnnounced(prefix, E.fillField);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a batch the API refuses: its refusal, next to the form', async () => {
    fetchMock.mockResolvedValueOnce(refusal('somethingWentWrong', 500));
    renderWithIntl(<Campaigns />);
    const create = screen.getByRole('button', { name: t.campaigns.createSubmit });
    fireEvent.change(within(create.closest('form')!).getByLabelText(t.campaigns.prefix), {
      target: { value: 'SPRING' },
    });
    fireEvent.click(create);
    await expectAlertAnnounced(E.somethingWentWrong);
  });
});

describe('site switches', () => {
  const SWITCHES = {
    maintenance: { on: false, source: 'default' },
    holidayPromo: { from: null, to: null, coupon: null, activeToday: false, source: 'default' },
    refreshSeconds: 10,
    history: [],
  };

  it('maintenance refused without a reason: its reason field, described by the refusal', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SWITCHES));
    renderWithIntl(<SiteSwitches />);
    const on = await screen.findByRole('button', { name: t.site.turnOn });
    fetchMock.mockResolvedValueOnce(refusal('reasonRequired'));
    fireEvent.click(on);
    const maintenance = within(screen.getByRole('region', { name: t.site.maintenanceHeading }));
    await expectFieldAnnounced(maintenance.getByLabelText(t.site.reason), E.reasonRequired);
  });

  it('a promotion without its dates: the first day field, no call', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, SWITCHES));
    renderWithIntl(<SiteSwitches />);
    fireEvent.click(await screen.findByRole('button', { name: t.site.promoSave }));
    await expectFieldAnnounced(screen.getByLabelText(t.site.promoFrom), E.fillField);
    expect(posts()).toHaveLength(0);
  });
});

it('staff: a new member without an e-mail focuses that field', async () => {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { staff: [] }));
  renderWithIntl(<StaffAdmin />);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  fireEvent.click(screen.getByRole('button', { name: t.staff.create }));
  await expectFieldAnnounced(screen.getByLabelText(t.staff.email), E.fillField);
  expect(posts()).toHaveLength(0);
});

it("dead letters: a discard refused without a reason focuses that row's reason", async () => {
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
  await screen.findByText('HTTP 500');
  fetchMock.mockResolvedValueOnce(refusal('reasonRequired'));
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [letter] }));
  fireEvent.click(screen.getByRole('button', { name: t.dead.discard }));
  await expectFieldAnnounced(screen.getByLabelText(t.dead.reason), E.reasonRequired);
});

it("webhooks: a replay refused without a reason focuses that row's reason", async () => {
  const hook = {
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
  };
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [hook] }));
  renderWithIntl(<Webhooks />);
  await screen.findByTestId('webhook-9');
  fetchMock.mockResolvedValueOnce(refusal('reasonRequired'));
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [hook] }));
  fireEvent.click(screen.getByRole('button', { name: t.webhooks.replay }));
  await expectFieldAnnounced(screen.getByLabelText('Reason for webhook 9'), E.reasonRequired);
});
