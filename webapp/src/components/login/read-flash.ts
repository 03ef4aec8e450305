import type { ErrorKey } from '@/lib/api/errors';
import { NOTICE_KEYS, type NoticeKey, type PageFlash } from './page-flash';

// The flash a page was opened with (page-flash.ts): only an error whose text the page was sent (its
// messages: the whole catalogue, or the register page's few, components/register/error-keys.ts) or a
// known notice key is shown. No key list is downloaded for it.
type Query = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether `errors` (the page's `Errors` messages) holds a text of its own under `key`. */
function hasOwnText(errors: unknown, key: string): boolean {
  return (
    typeof errors === 'object' &&
    errors !== null &&
    Object.prototype.hasOwnProperty.call(errors, key)
  );
}

export function flashFromQuery(query: Query, sentErrors: unknown): PageFlash | null {
  const error = first(query.flash);
  if (error && hasOwnText(sentErrors, error)) return { kind: 'error', key: error as ErrorKey };
  const notice = first(query.notice);
  if ((NOTICE_KEYS as readonly string[]).includes(notice ?? ''))
    return { kind: 'success', key: notice as NoticeKey };
  return null;
}
