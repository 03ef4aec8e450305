/** @jest-environment node */
jest.mock('server-only', () => ({}));
import { PLANS_CH } from '@/components/pricing/test-plans';
import { findBundle, getQuotedBundles } from './plans-server';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  delete process.env.API_URL;
});

function answer(status: number, body: unknown) {
  const fetchMock = jest.fn(async () => new Response(JSON.stringify(body), { status }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('getQuotedBundles', () => {
  it('asks the API for the country and returns its quoted bundles as they are', async () => {
    process.env.API_URL = 'http://api.test/';
    const fetchMock = answer(200, PLANS_CH);
    const quoted = await getQuotedBundles('CH');
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe(
      'http://api.test/v5/plans?countryCode=CH',
    );
    expect(quoted?.currency).toBe('CHF');
    expect(quoted?.bundles).toEqual(PLANS_CH.bundles);
    expect(findBundle(quoted, 'lumo_tv_books_games', 'P1Y')).toMatchObject({
      price: '99.90',
      monthlyPrice: '8.40',
      yearlySavings: '66.90',
    });
  });

  it('is null when the API fails or answers something else', async () => {
    answer(503, { code: 1 });
    expect(await getQuotedBundles('FR')).toBeNull();
    answer(200, { countryCode: 'FR' });
    expect(await getQuotedBundles('FR')).toBeNull();
    global.fetch = jest.fn(async () => {
      throw new Error('down');
    }) as unknown as typeof fetch;
    expect(await getQuotedBundles('FR')).toBeNull();
    expect(findBundle(null, 'lumo_tv', 'P1M')).toBeNull();
  });
});
