import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ChildSettingsView from '@/components/children/ChildSettingsView';
import { resolvePageLocale, type LocaleParams } from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ChildSettingsPage' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function ChildSettingsPage({ params }: Props) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ChildSettingsPage' });
  const { id } = await params;
  return (
    <PageMessages namespaces={['ChildSettingsPage']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <ChildSettingsView childId={Number(id)} />
      </section>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
