'use client';

import { useCallback, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useErrorFocus } from '@/components/common/errorFocus';

// Issue 17 in the console: a console form checks its own fields (their required, pattern and type
// attributes, with noValidate so the browser's bubble does not stand in for a message), marks the
// fields at fault (aria-invalid, aria-describedby to their message) and, after a failed submit,
// focuses the first of them, else the API's refusal (OpsError, role="alert").

type FieldError = 'fillField' | 'invalidEmail' | 'reasonRequired' | 'confirmationMismatch';

/** The API's answers that name the field at fault (its `name` in the console's forms). */
const FIELD_OF: Partial<Record<string, { name: string; key: FieldError }>> = {
  reasonRequired: { name: 'reason', key: 'reasonRequired' },
  confirmationMismatch: { name: 'confirmation', key: 'confirmationMismatch' },
  invalidEmail: { name: 'email', key: 'invalidEmail' },
};

type Field = { name?: string; willValidate?: boolean; checkValidity?(): boolean } & Partial<
  Pick<HTMLInputElement, 'validity'>
>;

/** What is wrong with each field of `form` that fails its own constraints, by name. */
export function invalidFields(form: HTMLFormElement): Record<string, FieldError> {
  const found: Record<string, FieldError> = {};
  for (const element of Array.from(form.elements) as Field[]) {
    if (!element.name || !element.willValidate || !element.checkValidity || element.checkValidity())
      continue;
    if (element.name in found) continue;
    found[element.name] = element.validity?.valueMissing ? 'fillField' : 'invalidEmail';
  }
  return found;
}

/**
 * `ref` goes on the element holding the form and its OpsError; `check(form)` before sending;
 * `refused(message)` after the API refused (answers whether a field took the message, so the
 * caller shows it in OpsError only otherwise); `fieldProps(name)` spreads on an input and
 * `fieldError(name)` renders its message. Destructure it (the React compiler's ref rules).
 */
export function useOpsForm<T extends HTMLElement = HTMLFormElement>(id: string) {
  const t = useTranslations('Errors');
  const { ref, focusError } = useErrorFocus<T>();
  const [invalid, setInvalid] = useState<Record<string, FieldError>>({});
  const messageId = (name: string) => `${id}-${name}-error`;

  const check = useCallback(
    (form: HTMLFormElement): boolean => {
      const found = invalidFields(form);
      setInvalid(found);
      if (Object.keys(found).length === 0) return true;
      focusError();
      return false;
    },
    [focusError],
  );

  const refused = useCallback(
    (message: string): boolean => {
      const owner = FIELD_OF[message];
      const taken = !!owner && !!ref.current?.querySelector(`[name="${owner.name}"]`);
      setInvalid(taken && owner ? { [owner.name]: owner.key } : {});
      focusError();
      return taken;
    },
    [ref, focusError],
  );

  function fieldProps(name: string) {
    const wrong = name in invalid;
    return {
      name,
      'aria-invalid': wrong || undefined,
      'aria-describedby': wrong ? messageId(name) : undefined,
    };
  }

  function fieldError(name: string) {
    const key = invalid[name];
    if (!key) return null;
    return (
      <span id={messageId(name)} className="ops-error">
        {t(key)}
      </span>
    );
  }

  return {
    ref,
    check,
    refused,
    fieldProps,
    fieldError,
    focusError,
    clear: () => setInvalid({}),
  };
}
