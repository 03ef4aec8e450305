import { screen, waitFor } from '@testing-library/react';

/** What the element's aria-describedby points at says. */
export function described(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ');
}

/**
 * After a failed submit: `field` has the focus, is marked invalid and its message
 * (aria-describedby) says `message`.
 */
export async function expectFieldAnnounced(field: HTMLElement, message: string) {
  await waitFor(() => expect(field).toHaveFocus());
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(described(field)).toContain(message);
}

/** When no field is at fault: the error message (role="alert") has the focus. */
export async function expectAlertAnnounced(message: string) {
  const alert = await screen.findByRole('alert');
  await waitFor(() => expect(alert).toHaveFocus());
  expect(alert).toHaveTextContent(message);
}
