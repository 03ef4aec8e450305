'use client';

import { useEffect, useRef, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import Flash from '@/components/common/Flash';
import { planName } from '@/components/profile/planName';
import { cancellationPdf, saveBlob, type Declaration } from '@/lib/api/contract-cancellations';

type Contract = Declaration['contracts'][number];

/**
 * The confirmation of § 312k(4) BGB (docs/consumer-law.md#cancellation-page): the declaration's content, the time
 * it was received and the date the contract ends, to print or keep as a PDF.
 */
export default function Confirmation({ declaration }: { declaration: Declaration }) {
  const t = useTranslations('CancelContract.confirmation');
  const tPlans = useTranslations('Plans');
  const tErrors = useTranslations('Errors');
  const format = useFormatter();
  const [pdfFailed, setPdfFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is replaced by its confirmation: move focus (and the view) to it.
  useEffect(() => headingRef.current?.focus(), []);
  const day = (iso: string | null | undefined) =>
    iso ? format.dateTime(new Date(`${iso.slice(0, 10)}T12:00:00Z`), { dateStyle: 'long' }) : '-';
  const received = format.dateTime(new Date(declaration.receivedAt), {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  });

  const rows: [string, string][] = [
    [t('received'), received],
    [
      t('termination'),
      t(`terminations.${declaration.termination as 'ordinary' | 'extraordinary'}`),
    ],
    ...(declaration.reason ? ([[t('reason'), declaration.reason]] as [string, string][]) : []),
    [t('name'), declaration.name],
    [t('email'), declaration.email],
    [t('reference'), declaration.reference || t('none')],
    [t('endWanted'), declaration.endWanted ? day(declaration.endWanted) : t('earliest')],
  ];

  const line = (c: Contract) => {
    const plan = planName(tPlans, c.plan, c.duration ?? '');
    const date = day(c.endDate);
    switch (c.action) {
      case 'cancelled':
        // France, L215-1: a late renewal notice lets it end now, the unused share refunded.
        if (c.earlyEnd && c.refund && c.currency) {
          const amount = format.number(Number(c.refund), {
            style: 'currency',
            currency: c.currency,
          });
          return t('endedEarly', { plan, date, amount });
        }
        return t('ends', { plan, date });
      case 'failed':
        return t('ends', { plan, date });
      case 'scheduled':
        return c.earlyEnd ? t('ends', { plan, date }) : t('scheduled', { plan, date });
      case 'already_cancelled':
        return t('already', { plan, date });
      case 'elsewhere':
        return t('elsewhere', { plan, where: c.where ?? t('support') });
      default:
        return null;
    }
  };
  const outcome =
    declaration.status === 'matched' || declaration.contracts.some((c) => c.action === 'failed')
      ? declaration.contracts.map(line).filter((l): l is string => Boolean(l))
      : [t('unmatched')];

  async function downloadPdf() {
    setPdfFailed(false);
    const blob = await cancellationPdf(declaration.receipt);
    if (blob) saveBlob(blob, 'lumo-cancellation.pdf');
    else setPdfFailed(true);
  }

  return (
    <section className="cancel-confirmation" aria-labelledby="cancel-confirmation-title">
      <h2 id="cancel-confirmation-title" role="status" tabIndex={-1} ref={headingRef}>
        {t('title')}
      </h2>
      <p>{t('intro')}</p>
      <dl className="declaration">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd dir={value === declaration.email ? 'ltr' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="declaration-outcome">
        {(outcome.length ? outcome : [t('nothingRunning')]).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      {pdfFailed && <Flash kind="error">{tErrors('somethingWentWrong')}</Flash>}
      <div className="declaration-actions no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          {t('print')}
        </button>
        <button type="button" className="button button-secondary" onClick={downloadPdf}>
          {t('pdf')}
        </button>
      </div>
      <p className="field-hint">{t('keep')}</p>
    </section>
  );
}
