/** @jest-environment node */
// Where the site notices are mounted: the holiday offer (which loads the modal) by the site layout, the maintenance page by its route.
const mockHeaders: Record<string, string> = {};
jest.mock('next/headers', () => ({ headers: async () => new Headers(mockHeaders) }));
jest.mock('next-intl/server', () => ({
  getTranslations: async () => (key: string) => key,
  setRequestLocale: jest.fn(),
}));
jest.mock('next/navigation', () => ({
  notFound: jest.fn(() => {
    throw new Error('NEXT_NOT_FOUND');
  }),
}));
jest.mock('@/lib/site/status', () => ({
  ...jest.requireActual('@/lib/site/status'),
  getSiteStatus: jest.fn(),
}));

import SiteLayout from '@/app/[locale]/(site)/layout';
import MaintenanceRoute, { generateMetadata } from '@/app/[locale]/maintenance/page';
import { DEFAULT_SITE_STATUS, getSiteStatus, type SiteStatus } from '@/lib/site/status';
import HolidayOffer from './HolidayOffer';
import MaintenancePage from './MaintenancePage';

const TV = 'Mozilla/5.0 (Linux; OMI/3.0) AppleWebKit/537.36';
const params = Promise.resolve({ locale: 'de' });
const PROMO: SiteStatus = {
  maintenance: false,
  holidayPromo: { active: true, from: '2026-12-15', to: '2027-01-05', couponCode: 'LUMO-HOLIDAY' },
};

type Node = { type?: unknown; props?: { children?: unknown; promo?: unknown } };
function find(node: unknown, type: unknown): Node | null {
  if (Array.isArray(node)) return node.map((child) => find(child, type)).find(Boolean) ?? null;
  const element = node as Node | null;
  if (!element || typeof element !== 'object') return null;
  return element.type === type ? element : find(element.props?.children, type);
}

beforeEach(() => {
  mockHeaders['user-agent'] = 'Mozilla/5.0 (Windows NT 10.0) Chrome/126';
  jest.mocked(getSiteStatus).mockResolvedValue(DEFAULT_SITE_STATUS);
});

describe('site layout and the holiday promo', () => {
  // The layout is prerendered, so it asks nothing; the offer asks in the browser (notices-lazy.test).
  it('mounts the holiday offer without a promo, whatever the API says', async () => {
    jest.mocked(getSiteStatus).mockResolvedValue(PROMO);
    mockHeaders['user-agent'] = TV;
    const tree = await SiteLayout({ children: 'page', params });
    expect(find(tree, HolidayOffer)?.props?.promo).toBeUndefined();
    expect(getSiteStatus).not.toHaveBeenCalled();
  });
});

describe('maintenance route', () => {
  it('is the maintenance page during maintenance, never indexed', async () => {
    jest.mocked(getSiteStatus).mockResolvedValue({ ...DEFAULT_SITE_STATUS, maintenance: true });
    const page = await MaintenanceRoute({ params });
    expect(page.type).toBe(MaintenancePage);
    expect(await generateMetadata({ params })).toMatchObject({
      title: 'metaTitle',
      robots: { index: false },
    });
  });

  it('is not a page otherwise', async () => {
    await expect(MaintenanceRoute({ params })).rejects.toThrow('NEXT_NOT_FOUND');
  });
});
