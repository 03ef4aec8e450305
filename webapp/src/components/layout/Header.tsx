import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

export default function Header() {
  const t = useTranslations('Header');
  return (
    <header className="site-header">
      <Link href="/" className="logo" aria-label={t('homeLink')}>
        {t('logo')}
      </Link>
    </header>
  );
}
