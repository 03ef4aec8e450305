import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { notFoundMetadata } from '@/lib/metadata/not-found';

// A real title in the visitor's language (the locale layout gives lang and dir).
export const generateMetadata = notFoundMetadata;

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
