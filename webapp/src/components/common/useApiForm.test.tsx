import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ErrorKey } from '@/lib/api/errors';
import { useApiForm } from './useApiForm';

type Send = () => Promise<ErrorKey | null | undefined>;

function Harness({
  send,
  validate,
  initialError,
  stays,
}: {
  send: Send;
  validate?: () => boolean;
  initialError?: ErrorKey;
  stays?: boolean;
}) {
  const form = useApiForm(send, { validate, initialError, stays });
  return (
    <form onSubmit={form.onSubmit} aria-busy={form.submitting} aria-label="form">
      {form.error && <p role="alert">{form.error}</p>}
      <button type="submit" disabled={form.submitting}>
        {form.submitting ? 'busy' : 'send'}
      </button>
    </form>
  );
}

const submit = () => fireEvent.submit(screen.getByRole('form'));

function pending() {
  let settle: (value: ErrorKey | null) => void = () => undefined;
  const promise = new Promise<ErrorKey | null>((resolve) => (settle = resolve));
  return { send: jest.fn(() => promise), settle };
}

describe('useApiForm', () => {
  it("does not send when the form's own checks fail", () => {
    const send = jest.fn(async () => null);
    render(<Harness send={send} validate={() => false} />);
    submit();
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button')).toBeEnabled();
  });

  it('sends once, however often the parent clicks while it is pending', async () => {
    const { send, settle } = pending();
    render(<Harness send={send} />);
    submit();
    submit();
    expect(await screen.findByRole('button', { name: 'busy' })).toBeDisabled();
    submit();
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => settle('rateLimited'));
    expect(screen.getByRole('alert')).toHaveTextContent('rateLimited');
    expect(screen.getByRole('button', { name: 'send' })).toBeEnabled();
  });

  it('clears the last error on a new try, and shows the generic one when sending throws', async () => {
    const send = jest.fn(async (): Promise<ErrorKey | null> => {
      throw new Error('offline');
    });
    render(<Harness send={send} initialError="resetLinkInvalid" />);
    expect(screen.getByRole('alert')).toHaveTextContent('resetLinkInvalid');
    await act(async () => submit());
    expect(screen.getByRole('alert')).toHaveTextContent('somethingWentWrong');
    expect(screen.getByRole('button')).toBeEnabled();
  });

  it('stays busy after a success, while the form moves on', async () => {
    const send = jest.fn(async () => null);
    render(<Harness send={send} />);
    await act(async () => submit());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'busy' })).toBeDisabled();
  });

  it('frees the button after a success when the form stays', async () => {
    const send = jest.fn(async () => null);
    render(<Harness send={send} stays />);
    await act(async () => submit());
    expect(screen.getByRole('button', { name: 'send' })).toBeEnabled();
    await act(async () => submit());
    expect(send).toHaveBeenCalledTimes(2);
  });
});
