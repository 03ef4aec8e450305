import type { AnchorHTMLAttributes, ReactNode } from 'react';

// Stand-in for '@/i18n/navigation' in component tests (its router needs a
// mounted Next app router). Use: jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
export const router = {
  push: jest.fn(),
  replace: jest.fn(),
  back: jest.fn(),
  refresh: jest.fn(),
  prefetch: jest.fn(),
};
let pathname = '/';

export function setPathname(value: string) {
  pathname = value;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string | { pathname: string };
  locale?: string;
  children?: ReactNode;
};

export const navigationMock = {
  Link: ({ href, locale, children, ...rest }: LinkProps) => {
    const path = typeof href === 'string' ? href : href.pathname;
    return (
      <a href={locale && locale !== 'en' ? `/${locale}${path}` : path} {...rest}>
        {children}
      </a>
    );
  },
  useRouter: () => router,
  usePathname: () => pathname,
  redirect: jest.fn(),
  getPathname: ({ href, locale }: { href: string; locale: string }) =>
    locale === 'en' ? href : `/${locale}${href}`,
};

export function resetNavigation() {
  Object.values(router).forEach((fn) => fn.mockReset());
  pathname = '/';
}
