'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { headerLink } from './header-links';
import { useIsTv } from './PlatformContext';
import { useLoggedIn } from './useLoggedIn';

function LogoutIcon() {
  return (
    <svg
      className="icon icon-mirror"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5M15 8l4 4-4 4M19 12H9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export default function HeaderNav() {
  const t = useTranslations('Header');
  const pathname = usePathname();
  const loggedIn = useLoggedIn();
  const link = headerLink(pathname, loggedIn, useIsTv());

  return (
    <>
      <Link
        prefetch={false}
        href={loggedIn ? '/' : '/homePage'}
        className="logo"
        aria-label={t('homeLink')}
      >
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
          <circle cx="16" cy="16" r="15" fill="#ffc94d" />
          <circle cx="11.5" cy="13" r="2" fill="#1f2340" />
          <circle cx="20.5" cy="13" r="2" fill="#1f2340" />
          <path
            d="M10 19q6 6 12 0"
            fill="none"
            stroke="#1f2340"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
        <span>{t('logo')}</span>
      </Link>
      <nav className="header-nav" aria-label={t('navLabel')}>
        {link === 'logout' && (
          <Link
            prefetch={false}
            href="/logout"
            className="header-link header-icon"
            aria-label={t('logout')}
            title={t('logout')}
          >
            <LogoutIcon />
          </Link>
        )}
        {link === 'login' && (
          <Link prefetch={false} href="/login" className="header-link">
            {t('login')}
          </Link>
        )}
        {link === 'register' && (
          <Link prefetch={false} href="/register" className="header-link header-cta">
            {t('register')}
          </Link>
        )}
        {link === 'backToLogin' && (
          <Link prefetch={false} href="/login" className="header-link">
            <span aria-hidden="true" className="icon-mirror">
              ←
            </span>{' '}
            {t('backToLogin')}
          </Link>
        )}
      </nav>
    </>
  );
}
