import type { ErrorKey } from '@/lib/api/errors';

// A page may be opened with ?flash=<error key> or ?notice=<notice key> to show
// a message after a redirect (invalid promo code, reset e-mail sent); the
// page removes the parameter from the address bar once shown. Reading it back: read-flash.ts (which
// checks the key against the error catalogue's list, so the pages that only send one do not load it).
export const NOTICE_KEYS = ['resetSent', 'accountDeleted'] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];
export type PageFlash = { kind: 'error'; key: ErrorKey } | { kind: 'success'; key: NoticeKey };
export const FLASH_PARAMS = ['flash', 'notice'] as const;

export function withFlash(path: string, flash: PageFlash): string {
  return `${path}?${flash.kind === 'error' ? 'flash' : 'notice'}=${encodeURIComponent(flash.key)}`;
}
