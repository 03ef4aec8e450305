import { useTranslations } from 'next-intl';
import LocaleSwitcher from './LocaleSwitcher';

export default function Footer() {
  const t = useTranslations('Footer');
  return (
    <footer className="site-footer">
      <LocaleSwitcher />
      <p className="copyright">{t('copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
