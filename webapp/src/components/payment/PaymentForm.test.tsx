import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { renderWithIntl } from '@/test/render';
import PaymentForm, { isAppleDevice } from './PaymentForm';
import type { Nonce, PaymentMessage } from './provider';
import { SandboxProvider } from './sandbox';

const labels = en.PaymentForm;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

type OnNonce = (nonce: Nonce, billingName: string) => Promise<PaymentMessage | null>;

function renderForm(
  onNonce: jest.Mock & OnNonce = jest.fn(async () => null),
  precheck?: () => 'selectPlan' | null,
) {
  renderWithIntl(
    <PaymentForm
      provider={new SandboxProvider()}
      amount={{ amount: '4.99', currency: 'EUR' }}
      payLabel="Pay now"
      onNonce={onNonce}
      precheck={precheck}
    />,
  );
  return onNonce;
}

function fillCard(number = '4111111111111111') {
  type(labels.cardNumber, number);
  type(labels.expiry, '1230');
  type(labels.cvv, '123');
  type(labels.holderName, 'Sam Lee');
}

describe('PaymentForm (sandbox)', () => {
  it('groups the card number in fours, cut at 16 digits, and writes the expiry MM / YY', () => {
    renderForm();
    type(labels.cardNumber, '41111111111111119999');
    type(labels.expiry, '1230');
    expect(screen.getByLabelText(labels.cardNumber)).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByLabelText(labels.expiry)).toHaveValue('12 / 30');
  });

  it('sends the test nonce and the holder name', async () => {
    const onNonce = renderForm();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() =>
      expect(onNonce).toHaveBeenCalledWith(
        expect.objectContaining({ nonce: 'fake-valid-visa-nonce', method: 'card' }),
        'Sam Lee',
      ),
    );
  });

  it('keeps every field filled when the payment fails', async () => {
    renderForm(jest.fn(async () => 'paymentDeclined' as const));
    fillCard('4000111111111115');
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.paymentDeclined);
    expect(screen.getByLabelText(labels.cardNumber)).toHaveValue('4000 1111 1111 1115');
    expect(screen.getByLabelText(labels.holderName)).toHaveValue('Sam Lee');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('names empty fields without calling the API', async () => {
    const onNonce = renderForm();
    type(labels.cardNumber, '4111111111111111');
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(labels.errors.fieldsEmpty);
    expect(screen.getByLabelText(labels.cvv)).toHaveAttribute('aria-invalid', 'true');
    expect(onNonce).not.toHaveBeenCalled();
  });

  it('asks for a plan first', async () => {
    const onNonce = renderForm(undefined, () => 'selectPlan');
    fireEvent.click(screen.getByRole('button', { name: labels.paypal }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.selectPlan);
    expect(onNonce).not.toHaveBeenCalled();
  });

  it('pays with PayPal and Google Pay test nonces', async () => {
    const onNonce = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: labels.googlePay }));
    await waitFor(() =>
      expect(onNonce).toHaveBeenCalledWith(
        expect.objectContaining({ nonce: 'fake-android-pay-visa-nonce' }),
        '',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: labels.paypal }));
    await waitFor(() =>
      expect(onNonce).toHaveBeenCalledWith(
        expect.objectContaining({ nonce: 'fake-paypal-billing-agreement-nonce' }),
        '',
      ),
    );
  });

  it('hides Google Pay on Apple devices', () => {
    expect(isAppleDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isAppleDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe(true);
    expect(isAppleDevice('Mozilla/5.0 (Linux; Android 14)')).toBe(false);
  });
});
