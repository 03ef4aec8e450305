'use client';

import { useEffect, useState } from 'react';
import { useMessages, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useErrorText } from '@/i18n/error-text';
import { removeQueryParams } from '@/lib/url';
import { FLASH_PARAMS, type PageFlash as PageFlashValue } from './page-flash';
import { flashFromQuery } from './read-flash';

/**
 * The message a redirect asked for, closable, its parameter removed from the address. Without a `flash`,
 * read from the address once the page has loaded (prerendered pages cannot read the query).
 */
export default function PageFlash({ flash }: { flash?: PageFlashValue | null }) {
  const errorText = useErrorText(); // the whole catalogue on most pages, REGISTER_ERROR_KEYS on /register
  const tNotices = useTranslations('Notices');
  const tData = useTranslations('DataRights'); // the deletion notice lives in its own namespace
  const sentErrors = useMessages().Errors;
  const [shown, setShown] = useState(flash ?? null);
  useEffect(() => {
    if (flash === undefined) {
      const fromQuery = flashFromQuery(
        Object.fromEntries(new URLSearchParams(window.location.search)),
        sentErrors,
      );
      if (fromQuery) setShown(fromQuery);
    }
    removeQueryParams(...FLASH_PARAMS);
  }, [flash, sentErrors]);
  if (!shown) return null;
  return (
    <Flash kind={shown.kind} onClose={() => setShown(null)}>
      {shown.kind === 'error'
        ? errorText(shown.key)
        : shown.key === 'accountDeleted'
          ? tData('deletedNotice')
          : tNotices(shown.key)}
    </Flash>
  );
}
