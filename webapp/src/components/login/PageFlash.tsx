'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { useLocationSearch } from '@/components/common/useLocationSearch';
import { removeQueryParams } from '@/lib/url';
import { FLASH_PARAMS, flashFromQuery, type PageFlash as PageFlashValue } from './page-flash';

/**
 * The message a redirect asked for, closable, its parameter removed from the address. Without a `flash`,
 * read from the address once the page has loaded (issue 20: prerendered pages cannot read the query).
 */
export default function PageFlash({ flash }: { flash?: PageFlashValue | null }) {
  const tErrors = useTranslations('Errors');
  const tNotices = useTranslations('Notices');
  const tData = useTranslations('DataRights'); // issue 7's notice lives in its own namespace
  const [shown, setShown] = useState(flash ?? null);
  // The query is read once, during the first render that knows it, then removed from the address.
  const search = useLocationSearch();
  const [read, setRead] = useState(false);
  if (search !== null && !read) {
    setRead(true);
    const fromQuery =
      flash === undefined ? flashFromQuery(Object.fromEntries(new URLSearchParams(search))) : null;
    if (fromQuery) setShown(fromQuery);
  }
  useEffect(() => {
    if (read) removeQueryParams(...FLASH_PARAMS);
  }, [read]);
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
