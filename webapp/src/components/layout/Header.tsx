import { useTranslations } from 'next-intl';
import HeaderNav from './HeaderNav';
import './public.css';

export default function Header() {
  const t = useTranslations('Header');
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <HeaderNav />
    </header>
  );
}
