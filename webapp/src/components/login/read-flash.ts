import { isErrorKey } from '@/lib/api/errors';
import { NOTICE_KEYS, type NoticeKey, type PageFlash } from './page-flash';

// The flash a page was opened with (page-flash.ts): only a known error or notice key is shown.
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
