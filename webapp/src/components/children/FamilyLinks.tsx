'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

/**
 * The way into parental controls (/children) and TV linking (/link), from the profile and the
 * hub. Both pages sit behind the age gate (their layouts), so a child following these links meets it first.
 */
export default function FamilyLinks({
  className,
  linkClassName,
}: {
  className?: string;
  linkClassName?: string;
}) {
  const t = useTranslations('FamilyLinks');
  return (
    <nav className={className} aria-labelledby="family-links-title">
      <h2 id="family-links-title">{t('title')}</h2>
      <ul>
        <li>
          <Link prefetch={false} href="/children" className={linkClassName}>
            {t('children')}
          </Link>
          <p>{t('childrenText')}</p>
        </li>
        <li>
          <Link prefetch={false} href="/link" className={linkClassName}>
            {t('link')}
          </Link>
          <p>{t('linkText')}</p>
        </li>
      </ul>
    </nav>
  );
}
