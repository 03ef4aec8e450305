'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ossCsv } from '@/lib/api/ops';
import { download } from './csv';

/** The quarter's OSS return figures for finance, per country and VAT rate (docs/billing.md#vat). */
export default function OssExport({ now = new Date() }: { now?: Date }) {
  const t = useTranslations('Ops.revenue');
  const thisYear = now.getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const [quarter, setQuarter] = useState(Math.floor(now.getUTCMonth() / 3) + 1);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function fetchCsv() {
    setFailed(false);
    setBusy(true);
    const text = await ossCsv(year, quarter);
    setBusy(false);
    if (text === null) setFailed(true);
    else download(`lumo-oss-${year}-q${quarter}.csv`, text);
  }

  return (
    <section className="ops-card" data-testid="oss-export">
      <h2>{t('ossTitle')}</h2>
      <p>{t('ossIntro')}</p>
      <label>
        {t('ossYear')}{' '}
        <select value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        {t('ossQuarter')}{' '}
        <select value={quarter} onChange={(e) => setQuarter(Number(e.target.value))}>
          {[1, 2, 3, 4].map((q) => (
            <option key={q} value={q}>
              Q{q}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="button" onClick={fetchCsv} disabled={busy}>
        {t('ossDownload')}
      </button>
      {failed && <p role="alert">{t('ossFailed')}</p>}
    </section>
  );
}
