/** @jest-environment node */
// Server-side redirect rules of the public pages (docs/product.md#screens, docs/product.md#flows, docs/product.md#roles), run as plain async functions.
const mockHeaders: Record<string, string> = {};
jest.mock('next/headers', () => ({ headers: async () => new Headers(mockHeaders) }));
jest.mock('next-intl/server', () => ({
  getTranslations: async () => Object.assign((key: string) => key, { rich: (key: string) => key }),
  setRequestLocale: jest.fn(),
}));
jest.mock('server-only', () => ({}));
const mockRedirect = jest.fn((..._args: unknown[]) => {
  throw new Error('NEXT_REDIRECT');
});
const mockRedirectExternal = jest.fn((..._args: unknown[]) => {
  throw new Error('NEXT_REDIRECT');
});
jest.mock('@/i18n/navigation', () => ({
  redirect: (...args: unknown[]) => mockRedirect(...args),
  getPathname: ({ href }: { href: string }) => href,
}));
jest.mock('next/navigation', () => ({
  redirect: (...args: unknown[]) => mockRedirectExternal(...args),
  notFound: jest.fn(),
}));
const redirect = mockRedirect;
const redirectExternal = mockRedirectExternal;

import { redirectToWebApp } from '@/components/redirects/redirects';
import RegisterPage from '@/app/[locale]/(site)/register/[...partner]/page';
import PromoPage from '@/app/[locale]/(site)/promo/[[...code]]/page';
import CouponPage from '@/app/[locale]/(site)/coupon/page';
import SwisscomPage from '@/app/[locale]/(site)/swisscom/page';
import SiteLayout from '@/app/[locale]/(site)/layout';
import Footer from '@/components/layout/Footer';
import { NotOnTv } from '@/components/layout/PlatformContext';

const TV = 'Mozilla/5.0 (Linux; OMI/3.0) AppleWebKit/537.36';
const params = (extra: Record<string, unknown> = {}) => Promise.resolve({ locale: 'de', ...extra });

beforeEach(() => {
  redirect.mockClear();
  redirectExternal.mockClear();
  mockHeaders['user-agent'] = 'Mozilla/5.0 (Windows NT 10.0) Chrome/126';
});

describe('TV platforms cannot register (docs/product.md#roles)', () => {
  it.each([
    ['promo', () => PromoPage({ params: params({ code: ['LUMO-HALF'] }) })],
    ['publisher coupon', () => CouponPage({ params: params() })],
    ['swisscom', () => SwisscomPage({ params: params() })],
  ])('%s sends a TV to login', async (_name, render) => {
    mockHeaders['user-agent'] = TV;
    await expect(render()).rejects.toThrow('NEXT_REDIRECT');
    expect(redirect).toHaveBeenCalledWith({ href: '/login', locale: 'de' });
  });

  // The register page itself is prerendered: src/proxy.ts sends TVs away (proxy.test.ts).
});

describe('register entry from the address (docs/product.md#screens)', () => {
  // /register/{segment}: the page's content gets the e-mail or the partner (components/register/RegisterPage).
  const formProps = async (partner: string[]) => {
    const page = await RegisterPage({ params: Promise.resolve({ locale: 'de', partner }) });
    const { email, partner: named } = page.props;
    return { initialEmail: email, partner: named };
  };

  it('takes an e-mail from the path', async () => {
    expect(await formProps(['jane%40example.com'])).toMatchObject({
      initialEmail: 'jane@example.com',
      partner: null,
    });
  });

  it('takes a partner name from the path', async () => {
    expect(await formProps(['orange'])).toMatchObject({ initialEmail: '', partner: 'orange' });
  });
});

describe('partner redirects (docs/product.md#screens)', () => {
  it('sends /apps/tv, /apps/stories and /apps/games to the web apps', async () => {
    process.env.WEBAPP_STORIES_URL = 'https://stories.example.test';
    await expect(redirectToWebApp('stories')).rejects.toThrow('NEXT_REDIRECT');
    expect(redirectExternal).toHaveBeenCalledWith('https://stories.example.test/');
    await expect(redirectToWebApp('games')).rejects.toThrow('NEXT_REDIRECT');
    expect(redirectExternal).toHaveBeenLastCalledWith('https://games.lumo.example/');
    delete process.env.WEBAPP_STORIES_URL;
  });
});

describe('site layout (docs/product.md#screens, docs/product.md#roles)', () => {
  type Node = { type?: unknown; props?: { children?: unknown; isTv?: boolean } };
  const contains = (node: unknown, type: unknown): boolean => {
    if (Array.isArray(node)) return node.some((child) => contains(child, type));
    const element = node as Node | null;
    return !!element && (element.type === type || contains(element.props?.children, type));
  };

  // The layout reads nothing of the request (it is prerendered); the browser tells a TV apart.
  it('puts the footer where TV platforms leave it out', async () => {
    mockHeaders['user-agent'] = TV;
    const tree = await SiteLayout({ children: 'page', params: params() });
    expect(tree.props.isTv).toBeUndefined();
    const notOnTv = (node: unknown): Node | null => {
      if (Array.isArray(node)) return node.map(notOnTv).find(Boolean) ?? null;
      const element = node as Node | null;
      if (!element || typeof element !== 'object') return null;
      return element.type === NotOnTv ? element : notOnTv(element.props?.children);
    };
    expect(contains(notOnTv(tree)?.props?.children, Footer)).toBe(true);
  });
});
