'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';

export default function LocaleSwitcher() {
  const t = useTranslations('LocaleSwitcher');
  const current = useLocale();
  const pathname = usePathname();

  return (
    <nav className="locale-switcher" aria-label={t('label')}>
      <ul>
        {routing.locales.map((locale) => (
          <li key={locale}>
            <Link
              prefetch={false}
              href={pathname}
              locale={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
            >
              {t('locale', { locale })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
