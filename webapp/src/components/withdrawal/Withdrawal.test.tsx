import { fireEvent, screen, waitFor } from '@testing-library/react';
import ar from '@locales/ar.json';
import de from '@locales/de.json';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import { renderInLocale } from '@/test/render-locale';
import type { Quote } from '@/lib/api/billing';
import ChargeNote from './ChargeNote';
import { isEuCatalogue } from './eu';
import ExpressStartConsent from './ExpressStartConsent';
import ProfileWithdrawal from './ProfileWithdrawal';
import WithdrawForm from './WithdrawForm';

const t = en.Withdrawal;
const fetchMock = jest.fn();

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

const ANSWER = {
  id: 7,
  subscriptionId: 42,
  reference: 'LUMO-42',
  name: 'Ana Parent',
  email: 'parent@example.com',
  receivedAt: '2026-11-27T04:10:00+00:00',
  expressRequest: true,
  refundAmount: '4.51',
  currency: 'EUR',
  refundStatus: 'succeeded',
};

const QUOTE: Quote = {
  currency: 'EUR',
  period: 'P1M',
  price: '4.99',
  todayAmount: '0.00',
  firstChargeAmount: '4.99',
  firstChargeDate: '2026-12-04T10:00:00+00:00',
  freeDays: 7,
  freeReason: 'trial',
  discountPrice: null,
  discountCycles: 0,
  fullPriceFrom: null,
  couponKind: null,
};

describe('the express request at checkout', () => {
  it('is unticked until the parent ticks it, in the words of the catalogue', () => {
    const changed = jest.fn();
    renderWithIntl(<ExpressStartConsent checked={false} onChange={changed} />);
    const box = screen.getByRole('checkbox', { name: t.consent });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(changed).toHaveBeenCalledWith(true);
    expect(screen.getByText(t.consentHint)).toBeInTheDocument();
  });

  it('is German in German', () => {
    renderInLocale(<ExpressStartConsent checked={false} onChange={jest.fn()} />, 'de');
    expect(screen.getByRole('checkbox', { name: de.Withdrawal.consent })).toBeInTheDocument();
  });

  it('shows only with an EU (euro) catalogue', () => {
    expect([isEuCatalogue('EUR'), isEuCatalogue('CHF'), isEuCatalogue('USD')]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('the price next to the pay button', () => {
  it('says what is charged after the free days, and when', () => {
    renderWithIntl(<ChargeNote quote={QUOTE} />);
    expect(screen.getByTestId('charge-note')).toHaveTextContent(
      '€4.99 will be charged on December 4, 2026, then every month.',
    );
  });

  it('says what is charged now when nothing is free', () => {
    renderWithIntl(
      <ChargeNote quote={{ ...QUOTE, freeDays: 0, freeReason: null, period: 'P1Y' }} />,
    );
    expect(screen.getByTestId('charge-note')).toHaveTextContent(
      '€4.99 is charged now, then every year.',
    );
  });

  it('waits for the quote', () => {
    const { container } = renderWithIntl(<ChargeNote quote={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the public withdrawal page', () => {
  function fill(name: string, email: string, reference: string) {
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: name } });
    fireEvent.change(screen.getByLabelText(t.email), { target: { value: email } });
    fireEvent.change(screen.getByLabelText(t.reference), { target: { value: reference } });
  }

  it('asks exactly name, e-mail and contract reference, then shows the declaration as received', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, ANSWER));
    renderWithIntl(<WithdrawForm />);
    expect(screen.getAllByRole('textbox').map((i) => i.getAttribute('name'))).toEqual([
      'name',
      'email',
      'reference',
    ]);
    fill('Ana Parent', 'parent@example.com', 'LUMO-42');
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    await screen.findByRole('heading', { name: t.doneTitle });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v5/withdrawals');
    expect(JSON.parse(init.body)).toEqual({
      name: 'Ana Parent',
      email: 'parent@example.com',
      reference: 'LUMO-42',
      language: 'en',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'We received your withdrawal from contract LUMO-42 on November 27, 2026 at 4:10:00 AM UTC.',
    );
    expect(screen.getByText('€4.51 will be refunded to your payment method.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.print })).toBeInTheDocument();
  });

  it('checks the fields before sending', () => {
    renderWithIntl(<WithdrawForm />);
    fill('', 'not-an-address', '');
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getAllByText(en.Errors.valueRequired)).toHaveLength(2);
    expect(screen.getByText(en.Errors.invalidEmail)).toBeInTheDocument();
  });

  it('says when the 14 days are over', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 0, message: 'withdrawalPeriodOver' }));
    renderWithIntl(<WithdrawForm />);
    fill('Ana', 'parent@example.com', 'LUMO-42');
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText(en.Errors.withdrawalPeriodOver)).toBeInTheDocument();
  });

  it('is Arabic in Arabic', () => {
    renderWithIntl(<WithdrawForm />, 'ar');
    expect(screen.getByRole('button', { name: ar.Withdrawal.confirm })).toBeInTheDocument();
  });
});

describe("the profile's withdrawal function", () => {
  const contract = { subscriptionId: 42, reference: 'LUMO-42', until: '2026-12-11T10:00:00+00:00' };

  it('asks once, withdraws the contract and hands the declaration on', async () => {
    window.localStorage.setItem('kidj_ut', 'tok');
    fetchMock.mockResolvedValue(jsonResponse(200, ANSWER));
    const done = jest.fn();
    renderWithIntl(<ProfileWithdrawal contract={contract} onDone={done} />);
    expect(
      screen.getByText(/You can withdraw from this contract until December 11, 2026\./),
    ).toHaveTextContent(
      'Contract reference: LUMO-42 · You can withdraw from this contract until December 11, 2026.',
    );
    fireEvent.click(screen.getByRole('button', { name: t.function }));
    expect(
      screen.getByText('Withdraw from contract LUMO-42? Your subscription ends at once.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(ANSWER));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v5/withdrawals/profile');
    expect(JSON.parse(init.body)).toEqual({ subscriptionId: 42, language: 'en' });
    expect(init.headers.Authorization).toBe('Bearer tok');
  });

  it('can be stepped back from', () => {
    renderWithIntl(<ProfileWithdrawal contract={contract} onDone={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: t.function }));
    fireEvent.click(screen.getByRole('button', { name: t.cancel }));
    expect(screen.getByRole('button', { name: t.function })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
