import { isErrorKey, type ErrorKey } from '@/lib/api/errors';

// A page may be opened with ?flash=<error key> or ?notice=<notice key> to show
// a message after a redirect (invalid promo code, reset e-mail sent); the
// page removes the parameter from the address bar once shown.
export const NOTICE_KEYS = ['resetSent', 'accountDeleted'] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];
export type PageFlash = { kind: 'error'; key: ErrorKey } | { kind: 'success'; key: NoticeKey };
export const FLASH_PARAMS = ['flash', 'notice'] as const;

type Query = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function flashFromQuery(query: Query): PageFlash | null {
  const error = first(query.flash);
  if (isErrorKey(error)) return { kind: 'error', key: error };
  const notice = first(query.notice);
  if ((NOTICE_KEYS as readonly string[]).includes(notice ?? ''))
    return { kind: 'success', key: notice as NoticeKey };
  return null;
}

export function withFlash(path: string, flash: PageFlash): string {
  return `${path}?${flash.kind === 'error' ? 'flash' : 'notice'}=${encodeURIComponent(flash.key)}`;
}
