import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

export default function NotFoundPage() {
  const t = useTranslations('NotFoundPage');
  return (
    <main className="content">
      <section className="page">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <Link href="/homePage" className="button">
          {t('backHome')}
        </Link>
      </section>
    </main>
  );
}
