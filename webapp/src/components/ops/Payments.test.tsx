import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import { type Staff } from '@/lib/api/ops';
import PaymentHistory, { type Charge, type PaymentEvent } from './PaymentHistory';

const t = en.Ops.payments;
const fetchMock = jest.fn();
const FINANCE: Staff = {
  id: 3,
  email: 'fin@staff.lumo.example',
  role: 'finance',
  permissions: ['parents.read', 'payments.refund'],
};
const SUPPORT: Staff = {
  id: 4,
  email: 'sup@staff.lumo.example',
  role: 'support',
  permissions: ['parents.read'],
};
const CHARGE: Charge = {
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
const EVENTS: PaymentEvent[] = [
  {
    id: 1,
    kind: 'charge',
    transactionId: 'tx_1',
    amount: '9.99',
    currency: 'EUR',
    status: 'succeeded',
    actor: 'gateway',
    reason: '',
    operationKey: 'charge:tx_1',
    createdAt: '2026-11-20T10:00:00+00:00',
    paymentId: 1,
    subscriptionId: 7,
    accountId: 3,
    gatewayRef: null,
    endAccess: false,
  },
];

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

it('lets finance refund part of a charge after confirming, with one operation key per attempt', async () => {
  const changed = jest.fn().mockResolvedValue(undefined);
  renderWithIntl(
    <PaymentHistory
      accountId={5}
      staff={FINANCE}
      charges={[CHARGE]}
      events={EVENTS}
      onChanged={changed}
    />,
  );
  expect(screen.getByTestId('charge-tx_1')).toHaveTextContent('€9.99');
  expect(screen.getByTestId('payment-history')).toHaveTextContent(
    `${t.kind_charge} · tx_1 · €9.99 · ${t.event_succeeded}`,
  );
  fireEvent.click(screen.getByRole('button', { name: t.refund }));
  const dialog = screen.getByRole('dialog', { name: 'Refund charge tx_1' });
  expect(dialog).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Amount (at most €9.99)'), { target: { value: '2,50' } });
  fireEvent.change(screen.getByLabelText(t.reason), { target: { value: 'outage' } });
  fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: 'refundTooMuch' }));
  fireEvent.click(screen.getByRole('button', { name: t.confirmRefund }));
  expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.refundTooMuch);
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { event: { kind: 'refund' } }));
  fireEvent.click(screen.getByRole('button', { name: t.confirmRefund }));
  await waitFor(() => expect(changed).toHaveBeenCalled());
  expect(screen.getByRole('status')).toHaveTextContent(t.done);
  expect(screen.queryByRole('dialog')).toBeNull();
  const [[url, init], [, again]] = fetchMock.mock.calls;
  expect(url).toBe('/api/ops/v1/parents/5/payments/tx_1/refund');
  const body = JSON.parse(init.body);
  expect(body).toMatchObject({ amount: '2.50', reason: 'outage', endAccess: false });
  expect(JSON.parse(again.body).operationKey).toBe(body.operationKey); // the same attempt, the same key
  fireEvent.click(screen.getByRole('button', { name: t.void }));
  fireEvent.change(screen.getByLabelText(t.reason), { target: { value: 'double' } });
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { event: { kind: 'void' } }));
  fireEvent.click(screen.getByRole('button', { name: t.confirmVoid }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  const voided = JSON.parse(fetchMock.mock.calls[2][1].body);
  expect(fetchMock.mock.calls[2][0]).toBe('/api/ops/v1/parents/5/payments/tx_1/void');
  expect(voided.operationKey).not.toBe(body.operationKey); // a new attempt, a new key
  expect(voided.amount).toBeUndefined();
});

it('shows support the history but no refund or void button', () => {
  renderWithIntl(
    <PaymentHistory
      accountId={5}
      staff={SUPPORT}
      charges={[CHARGE]}
      events={EVENTS}
      onChanged={jest.fn()}
    />,
  );
  expect(screen.getByTestId('payment-history')).toHaveTextContent('tx_1');
  expect(screen.queryByRole('button', { name: t.refund })).toBeNull();
  expect(screen.queryByRole('button', { name: t.void })).toBeNull();
});
