'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { focusFirstError } from './errorFocus';
import type { ErrorKey } from '@/lib/api/errors';

export type ApiForm = {
  submitting: boolean;
  /** The error shown in the form's flash: an API answer, or what `validate` put there. */
  error: ErrorKey | null;
  setError(error: ErrorKey | null): void;
  onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
};

type Options = {
  /** The form's own checks before any call: false stops the submission (the form shows why). */
  validate?: () => boolean;
  initialError?: ErrorKey | null;
  /** The form stays (or comes back) after a success, e.g. settings saved in place: the button is
   * freed then too. */
  stays?: boolean;
};

/**
 * The submit cycle the web forms share: one submission at a time, the form's own checks
 * first, then `send`. `send` answers the error key to show, which frees the button again,
 * or nothing when it succeeded: the form then moves on (another page, its "done" view)
 * and the button stays busy meanwhile (with `stays`, a form that remains is free again).
 * A thrown error shows the generic message.
 * After a failed submit the focus goes to the first invalid field, else to the error
 * message (components/common/errorFocus.ts).
 */
export function useApiForm(
  send: () => Promise<ErrorKey | null | undefined>,
  options: Options = {},
): ApiForm {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(options.initialError ?? null);
  // The state updates on the next render; the ref also stops a second click in the same tick.
  const busy = useRef(false);
  const form = useRef<HTMLFormElement | null>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures) focusFirstError(form.current);
  }, [failures]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    form.current = event.currentTarget;
    setError(null);
    if (options.validate && !options.validate()) {
      setFailures((n) => n + 1);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    let failure: ErrorKey | null | undefined;
    try {
      failure = await send();
    } catch {
      failure = 'somethingWentWrong';
    }
    if (failure) {
      busy.current = false;
      setError(failure);
      setSubmitting(false);
      setFailures((n) => n + 1);
    } else if (options.stays) {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return { submitting, error, setError, onSubmit };
}
