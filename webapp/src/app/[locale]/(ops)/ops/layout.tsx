import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import './ops.css';

// The operator console (docs/operator-console.md): its own layout, never indexed, linked from no public page.
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Ops' });
  return {
    title: { absolute: t('title') },
    robots: { index: false, follow: false, nocache: true },
  };
}

type Props = LocaleParams & { children: ReactNode };

export default async function OpsLayout({ children, params }: Props) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Ops' });
  return (
    <div className="ops-shell">
      <header className="ops-header">
        <strong>{t('title')}</strong>
      </header>
      <main id="main" className="ops-main">
        {children}
      </main>
    </div>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
