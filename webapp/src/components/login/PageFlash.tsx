'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { removeQueryParams } from '@/lib/url';
import { FLASH_PARAMS, type PageFlash as PageFlashValue } from './page-flash';
import { flashFromQuery } from './read-flash';

/**
 * The message a redirect asked for, closable, its parameter removed from the address. Without a `flash`,
 * read from the address once the page has loaded (prerendered pages cannot read the query).
 */
export default function PageFlash({ flash }: { flash?: PageFlashValue | null }) {
  const tErrors = useTranslations('Errors');
  const tNotices = useTranslations('Notices');
  const tData = useTranslations('DataRights'); // the deletion notice lives in its own namespace
  const [shown, setShown] = useState(flash ?? null);
  useEffect(() => {
    if (flash === undefined) {
      const fromQuery = flashFromQuery(
        Object.fromEntries(new URLSearchParams(window.location.search)),
      );
      if (fromQuery) setShown(fromQuery);
    }
    removeQueryParams(...FLASH_PARAMS);
  }, [flash]);
  if (!shown) return null;
  return (
    <Flash kind={shown.kind} onClose={() => setShown(null)}>
      {shown.kind === 'error'
        ? tErrors(shown.key)
        : shown.key === 'accountDeleted'
          ? tData('deletedNotice')
          : tNotices(shown.key)}
    </Flash>
  );
}
