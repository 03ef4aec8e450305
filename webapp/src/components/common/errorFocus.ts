'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

// WCAG 3.3.1, 4.1.3: after a failed submit the visitor's focus goes to the first field
// marked aria-invalid (whose message is linked to it by aria-describedby, so it is read with it);
// when no field is at fault (the API refused), to the form's error message (role="alert"), which is
// made focusable for that. Every form of the site calls it (through useApiForm or useErrorFocus).

const INVALID = '[aria-invalid="true"]';
const ALERT = '[role="alert"]';

/** Focuses the first invalid field in `root`, else its first alert; answers what it focused. */
export function focusFirstError(root: ParentNode | null | undefined): HTMLElement | null {
  if (!root) return null;
  const invalid = Array.from(root.querySelectorAll<HTMLElement>(INVALID)).find(
    (element) => !(element as HTMLInputElement).disabled,
  );
  const target = invalid ?? root.querySelector<HTMLElement>(ALERT);
  if (!target) return null;
  if (!invalid && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  return target;
}

/**
 * A ref for the form and `focusError()`, to call when a submit fails: the focus moves once React has
 * rendered the errors that submit produced.
 */
export function useErrorFocus<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request) focusFirstError(ref.current);
  }, [request]);
  const focusError = useCallback(() => setRequest((n) => n + 1), []);
  return { ref, focusError };
}
