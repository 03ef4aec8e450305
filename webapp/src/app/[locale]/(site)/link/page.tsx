import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import LinkTvForm from '@/components/link/LinkTvForm';
import {
  firstValue,
  resolvePageLocale,
  type LocaleParams,
  type SearchParams,
} from '@/i18n/locale-params';
import PageMessages from '@/i18n/PageMessages';

type Props = LocaleParams & { searchParams: SearchParams };

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'LinkTvPage' });
  // The TV's PIN may be in the address (?pin= from its QR code): keep it from other sites.
  return { title: t('title'), referrer: 'no-referrer', robots: { index: false, follow: false } };
}

// TV linking: a guarded page (lib/startup); a logged-out parent logs in and comes back here.
export default async function LinkTvPage({ params, searchParams }: Props) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'LinkTvPage' });
  const pin = firstValue((await searchParams).pin);
  return (
    <PageMessages namespaces={['LinkTvPage']}>
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <LinkTvForm initialPin={pin} />
      </section>
    </PageMessages>
  );
}

// Rendered per request, with the CSP nonce on its scripts (src/proxy.ts); never cached.
export const dynamic = 'force-dynamic';
