import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

// Issue 17: a real title in the visitor's language (the locale layout gives lang and dir).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFoundPage');
  return { title: t('title'), robots: { index: false, follow: true } };
}

export default function NotFoundPage() {
  const t = useTranslations('NotFoundPage');
  return (
    <main className="content">
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <Link prefetch={false} href="/homePage" className="button">
          {t('backHome')}
        </Link>
      </section>
    </main>
  );
}
