'use client';

import { useCallback, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useErrorFocus } from '@/components/common/errorFocus';

// Errors announced (docs/accessibility.md) in the console: a console form checks its own fields (their required, pattern and type
// attributes, with noValidate so the browser's bubble does not stand in for a message), marks the
// fields at fault (aria-invalid, aria-describedby to their message) and, after a failed submit,
// focuses the first of them, else the API's refusal (OpsError, role="alert").

type FieldError = 'fillField' | 'invalidEmail';

/** The API's answers that name the field at fault (its `name` in the console's forms). */
const FIELD_OF: Partial<Record<string, string>> = {
  reasonRequired: 'reason',
  confirmationMismatch: 'confirmation',
  invalidEmail: 'email',
  passwordTooShort: 'password',
};

type Field = { name?: string; willValidate?: boolean; checkValidity?(): boolean } & Partial<
  Pick<HTMLInputElement, 'validity'>
>;

const keyOf = (name: string, scope: string) => (scope ? `${scope}-${name}` : name);

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
 * `ref` goes on the element holding the form(s) and their OpsError; `check(form, scope)` before
 * sending; `refused(message, scope)` after the API refused (the field it names, if that form has
 * one, is marked and points at the refusal: an OpsError with id `alertId`); `fieldProps(name, scope)`
 * spreads on an input and `fieldError(name, scope)` renders its message. `scope` tells apart the
 * forms that share a holder (several have a "reason"). Destructure it (the React compiler's ref rules).
 */
export function useOpsForm<T extends HTMLElement = HTMLFormElement>(id: string) {
  const t = useTranslations('Errors');
  const { ref, focusError } = useErrorFocus<T>();
  // A field at fault: its own message (the form's checks), or the API's refusal (shown in OpsError).
  const [invalid, setInvalid] = useState<Record<string, FieldError | 'refused'>>({});
  const alertId = `${id}-alert`;

  const check = useCallback(
    (form: HTMLFormElement, scope = ''): boolean => {
      const found = Object.fromEntries(
        Object.entries(invalidFields(form)).map(([name, key]) => [keyOf(name, scope), key]),
      );
      setInvalid(found);
      if (Object.keys(found).length === 0) return true;
      focusError();
      return false;
    },
    [focusError],
  );

  const refused = useCallback(
    (message: string, scope = ''): void => {
      const owner = FIELD_OF[message];
      setInvalid(owner ? { [keyOf(owner, scope)]: 'refused' } : {});
      focusError();
    },
    [focusError],
  );

  function fieldProps(name: string, scope = '') {
    const key = keyOf(name, scope);
    const wrong = invalid[key];
    return {
      name,
      'aria-invalid': !!wrong || undefined,
      'aria-describedby': !wrong ? undefined : wrong === 'refused' ? alertId : `${id}-${key}-error`,
    };
  }

  function fieldError(name: string, scope = '') {
    const key = keyOf(name, scope);
    const message = invalid[key];
    if (!message || message === 'refused') return null;
    return (
      <span id={`${id}-${key}-error`} className="ops-error">
        {t(message)}
      </span>
    );
  }

  return {
    ref,
    check,
    refused,
    fieldProps,
    fieldError,
    alertId,
    focusError,
    clear: () => setInvalid({}),
  };
}
