import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { renderWithIntl } from '@/test/render';
import PaymentForm from './PaymentForm';
import type { PayPalHandlers, PaymentProvider, TokenizeResult } from './provider';
import { SandboxProvider } from './sandbox';
import WalletButtons from './WalletButtons';

const labels = en.PaymentForm;
const amount = { amount: '4.99', currency: 'EUR' };

/** The hosted provider as WalletButtons sees it: PayPal Checkout draws its own button into the host. */
function hostedProvider() {
  let draw: { resolve(): void; reject(error: unknown): void } | null = null;
  let handlers: PayPalHandlers | null = null;
  const provider = {
    ...new SandboxProvider(),
    kind: 'hosted',
    paypalButton: 'provider',
    mountCardFields: jest.fn(async () => undefined),
    canPayWithApplePay: () => false,
    payWithGooglePay: jest.fn(),
    preloadPayPal: jest.fn(async () => undefined),
    mountPayPalButton: jest.fn(
      (containerId: string, _amount: unknown, given: PayPalHandlers) =>
        new Promise<void>((resolve, reject) => {
          handlers = given;
          draw = {
            resolve: () => {
              const button = document.createElement('button');
              button.setAttribute('aria-label', 'PayPal');
              button.addEventListener('click', () => given.onStart());
              document.getElementById(containerId)!.appendChild(button);
              resolve();
            },
            reject,
          };
        }),
    ),
    teardown: jest.fn(async () => undefined),
  } as unknown as PaymentProvider & {
    preloadPayPal: jest.Mock;
    mountPayPalButton: jest.Mock;
  };
  return {
    provider,
    drawn: () => act(async () => draw!.resolve()),
    failed: () => act(async () => draw!.reject(new Error('PayPal SDK could not load'))),
    result: (result: TokenizeResult) => act(async () => handlers!.onResult(result)),
  };
}

function renderButtons(provider: PaymentProvider, locale: 'en' | 'ar' = 'en') {
  const props = {
    pay: jest.fn(),
    start: jest.fn(() => true),
    finish: jest.fn(),
  };
  renderWithIntl(
    <WalletButtons
      provider={provider}
      amount={amount}
      busy={null}
      check={{
        verification: { amount: '4.99' },
        challenge: { showBankFrame: jest.fn(), askSandbox: jest.fn(), close: jest.fn() },
      }}
      {...props}
    />,
    locale,
  );
  return props;
}

const ours = (name = labels.paypal) => screen.getByRole('button', { name });

describe('WalletButtons: PayPal with the hosted provider', () => {
  it('loads nothing of PayPal until the parent chooses it, then draws PayPal’s button once, focused', async () => {
    const { provider, drawn } = hostedProvider();
    const { start } = renderButtons(provider);
    expect(ours()).toBeEnabled();
    expect(provider.mountPayPalButton).not.toHaveBeenCalled();
    expect(provider.preloadPayPal).not.toHaveBeenCalled();

    fireEvent.click(ours());
    expect(provider.mountPayPalButton).toHaveBeenCalledTimes(1);
    const [hostId, sent] = provider.mountPayPalButton.mock.calls[0];
    expect(sent).toEqual(amount);
    // The loader, in our button's place until PayPal's is drawn; a second click does not load again.
    expect(screen.getByRole('button', { name: labels.paypalLoading })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: labels.paypalLoading }));
    expect(provider.mountPayPalButton).toHaveBeenCalledTimes(1);

    await drawn();
    const paypal = screen.getByRole('button', { name: 'PayPal' });
    expect(paypal.parentElement).toHaveAttribute('id', hostId);
    expect(paypal).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(labels.paypalContinue);
    expect(screen.queryByRole('button', { name: labels.paypal })).toBeNull();
    // PayPal's button asks the form to start (the plan check), as before.
    fireEvent.click(paypal);
    expect(start).toHaveBeenCalledWith('paypal');
    expect(provider.mountPayPalButton).toHaveBeenCalledTimes(1);
  });

  it('starts loading when the parent points at or focuses our button, without drawing', () => {
    const { provider } = hostedProvider();
    renderButtons(provider);
    fireEvent.pointerEnter(ours());
    fireEvent.focus(ours());
    expect(provider.preloadPayPal).toHaveBeenCalledWith(amount);
    expect(provider.mountPayPalButton).not.toHaveBeenCalled();
    expect(ours()).toBeInTheDocument();
  });

  it('hands PayPal’s outcome to the form', async () => {
    const { provider, drawn, result } = hostedProvider();
    const { finish } = renderButtons(provider);
    fireEvent.click(ours());
    await drawn();
    await result({ ok: false, message: 'walletClosed' });
    expect(finish).toHaveBeenCalledWith({ ok: false, message: 'walletClosed' });
  });

  it('is named and hinted in Arabic', async () => {
    const { provider, drawn } = hostedProvider();
    renderButtons(provider, 'ar');
    fireEvent.click(ours(ar.PaymentForm.paypal));
    expect(screen.getByRole('button', { name: ar.PaymentForm.paypalLoading })).toBeInTheDocument();
    await drawn();
    expect(screen.getByRole('status')).toHaveTextContent(ar.PaymentForm.paypalContinue);
  });
});

describe('PaymentForm: PayPal that fails to load (hosted provider)', () => {
  it('shows the error as the form shows errors and gives our button back', async () => {
    const { provider, failed, drawn } = hostedProvider();
    renderWithIntl(
      <PaymentForm provider={provider} amount={amount} payLabel="Pay now" onNonce={jest.fn()} />,
    );
    fireEvent.click(ours());
    await failed();
    expect(await screen.findByRole('alert')).toHaveTextContent(labels.errors.tokenizeFailed);
    // Not a dead button: the parent tries again, and PayPal's button is drawn.
    expect(ours()).toBeEnabled();
    fireEvent.click(ours());
    expect(provider.mountPayPalButton).toHaveBeenCalledTimes(2);
    await drawn();
    await waitFor(() => expect(screen.getByRole('button', { name: 'PayPal' })).toHaveFocus());
  });
});

describe('WalletButtons: PayPal in the sandbox', () => {
  it('keeps its one-click flow: our button pays at once', () => {
    const provider = new SandboxProvider();
    const mount = jest.spyOn(provider, 'mountPayPalButton');
    const { pay } = renderButtons(provider);
    fireEvent.click(ours());
    expect(pay).toHaveBeenCalledWith('paypal', expect.any(Function));
    expect(mount).not.toHaveBeenCalled();
  });
});
