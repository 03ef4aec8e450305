'use client';

import { useCallback, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { saveBlob } from '@/lib/api/contract-cancellations';
import Flash from '@/components/common/Flash';
import Spinner from '@/components/common/Spinner';
import { useLoaded } from '@/components/common/useLoaded';
import { Link } from '@/i18n/navigation';
import {
  billingDocument,
  billingDocumentPdf,
  type BillingDocument,
} from '@/lib/api/billing-history';
import type { ErrorKey } from '@/lib/api/errors';
import styles from './Billing.module.css';

/** One receipt or credit note, as the API words it in the page's language; print and PDF download. */
export default function BillingDocumentView({ number }: { number: string }) {
  const t = useTranslations('BillingDocument');
  const tErrors = useTranslations('Errors');
  const locale = useLocale();
  const [doc, setDoc] = useState<BillingDocument | null>(null);
  const [errorKey, setErrorKey] = useState<ErrorKey | null>(null);
  const [pdfFailed, setPdfFailed] = useState(false);

  const fetchDoc = useCallback(() => billingDocument(number, locale), [number, locale]);
  const show = useCallback((result: Awaited<ReturnType<typeof billingDocument>>) => {
    if (result.ok) setDoc(result.data);
    else setErrorKey(result.errorKey);
  }, []);
  useLoaded(fetchDoc, show);

  async function downloadPdf() {
    setPdfFailed(false);
    const blob = await billingDocumentPdf(number, locale);
    if (blob) saveBlob(blob, `lumo-${number}.pdf`);
    else setPdfFailed(true);
  }

  const back = (
    <Link prefetch={false} href="/billing" className={`${styles.back} no-print`}>
      {t('back')}
    </Link>
  );
  if (errorKey) {
    return (
      <>
        <Flash kind="error">{tErrors(errorKey)}</Flash>
        {back}
      </>
    );
  }
  if (doc === null) return <Spinner label={t('loading')} />;
  return (
    <article className={styles.document} aria-labelledby="billing-document-title">
      <h1 id="billing-document-title">
        {doc.title} <span dir="ltr">{doc.number}</span>
      </h1>
      <dl className={styles.rows} data-testid="billing-document">
        {doc.rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <address className={styles.seller}>
        {doc.seller.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <p className={styles.note}>{doc.note}</p>
      {pdfFailed && <Flash kind="error">{tErrors('somethingWentWrong')}</Flash>}
      <div className={`${styles.actions} no-print`}>
        <button type="button" className="button" onClick={downloadPdf}>
          {t('download')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          {t('print')}
        </button>
      </div>
      {back}
    </article>
  );
}
