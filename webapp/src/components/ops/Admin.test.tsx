import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import { SITE_STATUS_TTL_MS } from '@/lib/site/status';
import { keepSession } from '@/lib/api/ops';
import OpsNav from './OpsNav';
import SiteSwitches from './SiteSwitches';
import StaffAdmin from './StaffAdmin';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const site = en.Ops.site;
const staff = en.Ops.staff;
const fetchMock = jest.fn();
const ADMIN = {
  id: 1,
  email: 'admin@staff.lumo.example',
  role: 'admin',
  permissions: ['site.manage', 'staff.manage', 'audit.read'],
};

const SWITCHES = {
  maintenance: { on: false, source: 'default' },
  holidayPromo: {
    from: null,
    to: null,
    coupon: null,
    activeToday: false,
    source: 'default',
  },
  refreshSeconds: 10,
  history: [],
};

beforeEach(() => {
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
  keepSession('tok', ADMIN);
});

function body(call: number) {
  return JSON.parse(fetchMock.mock.calls[call][1].body);
}

it('switches maintenance on with a reason and shows the new state and its history', async () => {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, SWITCHES));
  renderWithIntl(<SiteSwitches />);
  expect(await screen.findByTestId('maintenance-state')).toHaveTextContent(
    `${site.maintenanceOff} (${site.sourceDefault})`,
  );
  const seconds = 10 + SITE_STATUS_TTL_MS / 1000;
  expect(screen.getByText(site.intro.replace('{seconds}', String(seconds)))).toBeInTheDocument();

  fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: 'reasonRequired' }));
  fireEvent.click(screen.getByRole('button', { name: site.turnOn }));
  expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.reasonRequired);

  fireEvent.change(screen.getAllByLabelText(site.reason)[0], {
    target: { value: 'database upgrade' },
  });
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { switch: { on: true, source: 'stored' } }));
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, {
      ...SWITCHES,
      maintenance: { on: true, source: 'stored' },
      history: [
        {
          name: 'maintenance',
          value: { on: true },
          changedAt: '2026-11-23T19:00:00+00:00',
          changedBy: 'admin@staff.lumo.example',
          reason: 'database upgrade',
        },
      ],
    }),
  );
  fireEvent.click(screen.getByRole('button', { name: site.turnOn }));
  expect(await screen.findByRole('status')).toHaveTextContent(site.done);
  expect(fetchMock.mock.calls[2][0]).toBe('/api/ops/v1/site/maintenance');
  expect(body(2)).toEqual({ on: true, reason: 'database upgrade' });
  expect(screen.getByTestId('maintenance-state')).toHaveTextContent(
    `${site.maintenanceOn} (${site.sourceStored})`,
  );
  const row = screen.getByRole('row', { name: /database upgrade/ });
  expect(row).toHaveTextContent(site.switch_maintenance);
  expect(row).toHaveTextContent(site.valueOn);
  expect(screen.getByRole('button', { name: site.turnOff })).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: site.reset })).toHaveLength(1);
});

it('saves the holiday promotion and shows the API refusal in words', async () => {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, SWITCHES));
  renderWithIntl(<SiteSwitches />);
  await screen.findByTestId('promo-state');
  expect(screen.getByTestId('promo-state')).toHaveTextContent(site.promoNone);
  fireEvent.change(screen.getByLabelText(site.promoFrom), { target: { value: '2026-12-15' } });
  fireEvent.change(screen.getByLabelText(site.promoTo), { target: { value: '2027-01-06' } });
  fireEvent.change(screen.getByLabelText(site.promoCoupon), { target: { value: 'LUMO-HOLIDAY' } });
  fireEvent.change(screen.getAllByLabelText(site.reason)[1], { target: { value: 'winter' } });
  fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: 'couponInvalid' }));
  fireEvent.click(screen.getByRole('button', { name: site.promoSave }));
  expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.couponInvalid);
  expect(fetchMock.mock.calls[1][0]).toBe('/api/ops/v1/site/holiday-promo');
  expect(body(1)).toEqual({
    from: '2026-12-15',
    to: '2027-01-06',
    coupon: 'LUMO-HOLIDAY',
    reason: 'winter',
  });
});

const MEMBERS = [
  {
    id: 1,
    email: 'admin@staff.lumo.example',
    role: 'admin',
    createdAt: '2026-11-01T00:00:00+00:00',
    disabledAt: null,
    sessions: 1,
  },
  {
    id: 2,
    email: 'sam@staff.lumo.example',
    role: 'support',
    createdAt: '2026-11-02T00:00:00+00:00',
    disabledAt: null,
    sessions: 0,
  },
];

it('creates a staff member and shows the TOTP set-up once', async () => {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { staff: MEMBERS }));
  renderWithIntl(<StaffAdmin />);
  const mine = await screen.findByTestId('staff-1');
  expect(mine).toHaveTextContent(`(${staff.you})`);
  expect(within(mine).queryByRole('button')).toBeNull(); // nobody acts on themselves here
  fireEvent.change(screen.getByLabelText(staff.email), {
    target: { value: 'New@staff.lumo.example' },
  });
  fireEvent.change(screen.getByLabelText(staff.password), {
    target: { value: 'a long enough password' },
  });
  fireEvent.change(screen.getByLabelText(staff.role), { target: { value: 'finance' } });
  const uri = 'otpauth://totp/Lumo:new%40staff.lumo.example?secret=JBSWY3DPEHPK3PXP&issuer=Lumo';
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 3, provisioningUri: uri }));
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { staff: MEMBERS }));
  fireEvent.click(screen.getByRole('button', { name: staff.create }));
  const shown = await screen.findByTestId('provisioning');
  expect(body(1)).toEqual({
    email: 'New@staff.lumo.example',
    password: 'a long enough password',
    role: 'finance',
    reason: '',
  });
  expect(shown).toHaveTextContent(uri);
  expect(within(shown).getByRole('img', { name: staff.provisioningQr })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: staff.provisioningDone }));
  expect(screen.queryByTestId('provisioning')).toBeNull();
  expect(screen.queryByText(uri)).toBeNull();
});

it('changes a role, disables and resets the authenticator of another member', async () => {
  fetchMock.mockResolvedValue(jsonResponse(200, { staff: MEMBERS }));
  renderWithIntl(<StaffAdmin />);
  const row = await screen.findByTestId('staff-2');
  fireEvent.change(within(row).getByLabelText(`${staff.role} sam@staff.lumo.example`), {
    target: { value: 'finance' },
  });
  fireEvent.change(within(row).getByLabelText(`${staff.reason} sam@staff.lumo.example`), {
    target: { value: 'moved team' },
  });
  fireEvent.click(within(row).getByRole('button', { name: staff.changeRole }));
  await waitFor(() => expect(fetchMock.mock.calls[1][0]).toBe('/api/ops/v1/staff/2/role'));
  expect(body(1)).toEqual({ role: 'finance', reason: 'moved team' });
  await screen.findByRole('status');
  fireEvent.click(
    within(screen.getByTestId('staff-2')).getByRole('button', { name: staff.disable }),
  );
  await waitFor(() => expect(fetchMock.mock.calls[3][0]).toBe('/api/ops/v1/staff/2/disabled'));
  expect(body(3)).toEqual({ disabled: true, reason: 'moved team' });
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, { id: 2, provisioningUri: 'otpauth://totp/x?secret=ABC' }),
  );
  fireEvent.click(
    within(screen.getByTestId('staff-2')).getByRole('button', { name: staff.resetTotp }),
  );
  expect(await screen.findByTestId('provisioning')).toHaveTextContent(
    staff.provisioningHeading.replace('{email}', 'sam@staff.lumo.example'),
  );
});

it('shows the admin screens in the menu only to admins', async () => {
  renderWithIntl(<OpsNav />);
  expect(await screen.findByRole('link', { name: en.Ops.nav.site })).toHaveAttribute(
    'href',
    '/ops/site',
  );
  expect(screen.getByRole('link', { name: en.Ops.nav.staff })).toHaveAttribute(
    'href',
    '/ops/staff',
  );
});

it('hides them from support', async () => {
  keepSession('tok', { ...ADMIN, role: 'support', permissions: ['parents.read'] });
  renderWithIntl(<OpsNav />);
  await screen.findByRole('link', { name: en.Ops.nav.search });
  expect(screen.queryByRole('link', { name: en.Ops.nav.site })).toBeNull();
  expect(screen.queryByRole('link', { name: en.Ops.nav.staff })).toBeNull();
});
