import { fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { focusFirstError, useErrorFocus } from './errorFocus';
import { useApiForm } from './useApiForm';

describe('focus on the first error after a failed submit', () => {
  it('focuses the first invalid field that is not disabled', () => {
    document.body.innerHTML = `<form>
      <input id="a" disabled aria-invalid="true" /><input id="b" /><input id="c" aria-invalid="true" />
      <input id="d" aria-invalid="true" /></form>`;
    expect(focusFirstError(document.querySelector('form'))?.id).toBe('c');
    expect(document.activeElement?.id).toBe('c');
  });

  it('without an invalid field, focuses the error message (made focusable)', () => {
    document.body.innerHTML = `<form><div role="alert" id="m">Refused</div><input id="x" /></form>`;
    expect(focusFirstError(document.querySelector('form'))?.id).toBe('m');
    expect(document.getElementById('m')?.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement?.id).toBe('m');
  });

  it('does nothing when the form shows no error', () => {
    document.body.innerHTML = `<form><input /></form>`;
    expect(focusFirstError(document.querySelector('form'))).toBeNull();
    expect(focusFirstError(null)).toBeNull();
  });

  function Hooked() {
    const [error, setError] = useState(false);
    const { ref, focusError } = useErrorFocus();
    return (
      <form
        ref={ref}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setError(true);
          focusError();
        }}
      >
        <input aria-label="first" />
        <input aria-label="second" aria-invalid={error || undefined} />
        <button type="submit">Send</button>
      </form>
    );
  }

  it('useErrorFocus moves the focus once the errors are rendered', () => {
    render(<Hooked />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('second')).toHaveFocus();
  });

  function ApiForm({ fail }: { fail: 'validate' | 'api' }) {
    const [invalid, setInvalid] = useState(false);
    const form = useApiForm(async () => 'somethingWentWrong', {
      validate: () => {
        setInvalid(fail === 'validate');
        return fail !== 'validate';
      },
    });
    return (
      <form onSubmit={form.onSubmit}>
        {form.error && <div role="alert">{form.error}</div>}
        <input aria-label="field" aria-invalid={invalid || undefined} />
        <button type="submit">Send</button>
      </form>
    );
  }

  it('useApiForm focuses the invalid field when its own checks fail', () => {
    render(<ApiForm fail="validate" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('field')).toHaveFocus();
  });

  it("useApiForm focuses the API's refusal", async () => {
    render(<ApiForm fail="api" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveFocus();
  });
});
