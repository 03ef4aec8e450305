/** @jest-environment node */
jest.mock('server-only', () => ({}));

import { NextRequest } from 'next/server';
import { GET as twt } from '@/app/[locale]/(site)/twt-partner/route';
import { GET as tcl } from '@/app/[locale]/(site)/tclpromo/route';
import { GET as orange } from '@/app/[locale]/(site)/orange-link/route';
import { GET as vodafone } from '@/app/[locale]/(site)/vodafone_account/route';
import { GET as cafeyn } from '@/app/[locale]/(site)/cafeyn/route';
import { partnerTarget } from './partnerRoute';

const context = (locale: string) => ({ params: Promise.resolve({ locale }) });

describe('partner entry points (docs/product.md#screens)', () => {
  it.each([
    ['twt-partner', twt],
    ['tclpromo', tcl],
    ['orange-link', orange],
    ['vodafone_account', vodafone],
    ['cafeyn', cafeyn],
  ])(
    '%s answers a real HTTP redirect to the landing page, keeping the query',
    async (path, GET) => {
      const response = await GET(
        new NextRequest(`http://localhost/de/${path}?utm_source=tcl&utm_campaign=x%20y`),
        context('de'),
      );
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe(
        '/de/homePage?utm_source=tcl&utm_campaign=x%20y',
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe('');
    },
  );

  it('has no locale prefix for the default locale and no query when there is none', async () => {
    const response = await cafeyn(new NextRequest('http://localhost/en/cafeyn'), context('en'));
    expect(response.headers.get('location')).toBe('/homePage');
    expect(partnerTarget('ar', '?utm_source=a')).toBe('/ar/homePage?utm_source=a');
    expect(partnerTarget('xx', 'utm_source=a')).toBe('/homePage?utm_source=a');
  });
});
