import { fireEvent, screen, waitFor } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { resetNavigation } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import { keepSession } from '@/lib/api/ops';
import Campaigns from './Campaigns';
import { toCsv } from './csv';
import Revenue from './Revenue';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const t = en.Ops;
const fetchMock = jest.fn();
const FINANCE = {
  id: 3,
  email: 'fin@staff.lumo.example',
  role: 'finance',
  permissions: ['campaigns.read', 'parents.read', 'revenue.read'],
};

beforeEach(() => {
  resetNavigation();
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

it('shows MRR per currency in the page language, the live table and the churn chart', async () => {
  keepSession('tok', FINANCE);
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, {
      activeByPlan: [
        {
          paymentPlanId: 'lumo_tv_monthly_eur',
          subscriptionType: 'lumo_tv',
          currency: 'EUR',
          storeId: 'lumo',
          paymentStateId: 'Active',
          count: 2,
        },
      ],
      mrr: [
        { currency: 'EUR', amount: '12.89' },
        { currency: 'CHF', amount: '5.99' },
      ],
      trialsRunning: 1,
      churnByMonth: [
        { month: '2026-10', cancellations: 1, expiries: 0 },
        { month: '2026-11', cancellations: 1, expiries: 1 },
      ],
      pastDue: [],
      recoveryByMonth: [],
    }),
  );
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [] }));
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [] }));
  const { container } = renderWithIntl(<Revenue />);
  expect(await screen.findByTestId('mrr')).toHaveTextContent('€12.89');
  expect(screen.getByTestId('mrr')).toHaveTextContent('CHF 5.99');
  expect(screen.getByText('Trials running: 1')).toBeInTheDocument();
  expect(screen.getByText('lumo_tv_monthly_eur')).toBeInTheDocument();
  expect(container.querySelector('.ops-chart svg')).not.toBeNull();
  expect(fetchMock.mock.calls[0][0]).toBe('/api/ops/v1/revenue');
});

it('shows trial cohorts and the funnel by day, origin and campaign, each with a chart', async () => {
  keepSession('tok', FINANCE);
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve(
      url.includes('/cohorts')
        ? jsonResponse(200, {
            entries: [{ week: '2026-11-09', trials: 4, converted: 1, rate: '0.2500' }],
          })
        : url.includes('/funnel')
          ? jsonResponse(200, {
              entries: [
                {
                  day: '2026-11-22',
                  origin: 'Ads',
                  campaign: 'xmas',
                  startFreeTrial: 3,
                  clickRegister: 2,
                  registered: 2,
                  paymentDone: 1,
                },
                {
                  day: '2026-11-22',
                  origin: 'Organic',
                  campaign: '',
                  startFreeTrial: 5,
                  clickRegister: 4,
                  registered: 3,
                  paymentDone: 2,
                },
              ],
            })
          : jsonResponse(200, {
              activeByPlan: [],
              mrr: [],
              trialsRunning: 0,
              churnByMonth: [],
              pastDue: [],
              recoveryByMonth: [],
            }),
    ),
  );
  renderWithIntl(<Revenue />);
  const cohorts = await screen.findByTestId('cohorts');
  await waitFor(() => expect(cohorts).toHaveTextContent('2026-11-09'));
  expect(cohorts).toHaveTextContent('25%');
  expect(cohorts.querySelector('.ops-chart svg')).not.toBeNull();
  const funnel = screen.getByTestId('funnel');
  await waitFor(() => expect(funnel).toHaveTextContent('xmas'));
  expect(funnel).toHaveTextContent(`2026-11-22${t.revenue.originAds}xmas3221`);
  expect(funnel).toHaveTextContent(`2026-11-22${t.revenue.originOrganic}—5432`);
  expect(funnel.querySelector('.ops-chart svg')).not.toBeNull();
  const urls = fetchMock.mock.calls.map((call) => call[0]);
  expect(urls).toEqual(
    expect.arrayContaining([
      '/api/ops/v1/revenue/cohorts?weeks=12',
      '/api/ops/v1/revenue/funnel?days=30',
    ]),
  );
});

const DUNNING = {
  activeByPlan: [],
  mrr: [],
  trialsRunning: 0,
  churnByMonth: [],
  pastDue: [
    {
      subscriptionId: 41,
      accountId: 7,
      subscriptionType: 'lumo_tv',
      amount: '4.99',
      currency: 'EUR',
      since: '2026-11-02T09:30:00+00:00',
      accessEnds: '2026-11-16T09:30:00+00:00',
    },
  ],
  recoveryByMonth: [
    {
      month: '2026-10',
      currency: 'EUR',
      wentPastDue: 4,
      recovered: 3,
      recoveredAmount: '14.97',
      rate: '0.7500',
    },
  ],
};

it('shows past-due subscriptions now and the amount and rate recovered per month', async () => {
  keepSession('tok', FINANCE);
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve(
      url.endsWith('/revenue') ? jsonResponse(200, DUNNING) : jsonResponse(200, { entries: [] }),
    ),
  );
  renderWithIntl(<Revenue />);
  const pastDue = await screen.findByTestId('past-due');
  expect(pastDue).toHaveTextContent(t.revenue.pastDue);
  expect(pastDue).toHaveTextContent('#41#7lumo_tv€4.99Nov 2, 2026Nov 16, 2026');
  const recovery = screen.getByTestId('recovery');
  expect(recovery).toHaveTextContent(`${t.revenue.recoveryRate}`);
  expect(recovery).toHaveTextContent('2026-10EUR43€14.9775%');
});

it('says so when nothing is past due, and writes the figures in Arabic', async () => {
  keepSession('tok', FINANCE);
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve(
      url.endsWith('/revenue')
        ? jsonResponse(200, { ...DUNNING, pastDue: [] })
        : jsonResponse(200, { entries: [] }),
    ),
  );
  renderWithIntl(<Revenue />, 'ar');
  const pastDue = await screen.findByTestId('past-due');
  expect(pastDue).toHaveTextContent(ar.Ops.revenue.noPastDue);
  expect(screen.getByTestId('recovery')).toHaveTextContent(ar.Ops.revenue.recovered);
  expect(screen.getByTestId('recovery')).toHaveTextContent('\u200f14.97 €75\u200e%\u200e');
});

it('reports a campaign and hides batch creation from finance', async () => {
  keepSession('tok', FINANCE);
  renderWithIntl(<Campaigns />);
  expect(screen.queryByRole('button', { name: t.campaigns.createSubmit })).toBeNull();
  fetchMock.mockResolvedValueOnce(
    jsonResponse(200, {
      issued: 3,
      redeemed: 3,
      converted: 1,
      byDay: [{ day: '2026-11-23', redeemed: 2, converted: 1 }],
    }),
  );
  fireEvent.change(screen.getByLabelText(t.campaigns.prefix), { target: { value: 'RETAIL' } });
  fireEvent.click(screen.getByRole('button', { name: t.campaigns.show }));
  await waitFor(() =>
    expect(screen.getByText(t.campaigns.issued, { selector: 'dt' }).nextSibling).toHaveTextContent(
      '3',
    ),
  );
  expect(screen.getByText(t.campaigns.converted, { selector: 'dt' }).nextSibling).toHaveTextContent(
    '1',
  );
  expect(document.querySelector('.recharts-legend-item-text')).not.toBeNull(); // the chart's legend
  expect(fetchMock.mock.calls[0][0]).toBe('/api/ops/v1/campaigns/report?prefix=RETAIL');
});

it('lets an admin create a batch', async () => {
  keepSession('tok', {
    ...FINANCE,
    role: 'admin',
    permissions: [...FINANCE.permissions, 'campaigns.manage'],
  });
  renderWithIntl(<Campaigns />);
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { codes: ['SHOP-A', 'SHOP-B'] }));
  const form = screen
    .getByRole('button', { name: t.campaigns.createSubmit })
    .closest('form') as HTMLFormElement;
  fireEvent.change(form.querySelector('input[name="prefix"]') as HTMLInputElement, {
    target: { value: 'SHOP' },
  });
  fireEvent.change(form.querySelector('input[name="count"]') as HTMLInputElement, {
    target: { value: '2' },
  });
  fireEvent.click(screen.getByRole('button', { name: t.campaigns.createSubmit }));
  expect(await screen.findByRole('status')).toHaveTextContent('2 codes created.');
  expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
    prefix: 'SHOP',
    type: 'UNIQUE_ACCESS_COUPON',
    duration: 'P1M',
    count: 2,
    reason: '',
  });
});

it('quotes CSV cells that need it', () => {
  expect(
    toCsv(
      ['a', 'b'],
      [
        ['x,y', null],
        ['say "hi"', 3],
      ],
    ),
  ).toBe('a,b\n"x,y",\n"say ""hi""",3\n');
});
