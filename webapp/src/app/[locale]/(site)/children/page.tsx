import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ChildrenManager from '@/components/children/ChildrenManager';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ChildrenPage' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function ChildrenPage({ params }: LocaleParams) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ChildrenPage' });
  return (
    <PageMessages namespaces={['ChildrenPage']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <ChildrenManager />
      </section>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
