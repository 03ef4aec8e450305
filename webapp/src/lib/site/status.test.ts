/** @jest-environment node */
import {
  DEFAULT_SITE_STATUS,
  getSiteStatus,
  parseSiteStatus,
  resetSiteStatusCache,
  SITE_STATUS_TTL_MS,
} from './status';

const ON = {
  maintenance: true,
  holidayPromo: { active: false, from: null, to: null, couponCode: null },
};
const PROMO = {
  maintenance: false,
  holidayPromo: { active: true, from: '2026-12-15', to: '2027-01-05', couponCode: 'LUMO-HOLIDAY' },
};
const answer = (body: unknown, status = 200) =>
  ({ ok: status === 200, status, json: async () => body }) as Response;

const fetchMock = jest.fn();
let clock = 0;
const now = () => clock;

beforeEach(() => {
  resetSiteStatusCache();
  fetchMock.mockReset();
  global.fetch = fetchMock;
  clock = 1_000_000;
});

describe('reading GET /v4/site', () => {
  it('keeps a well-formed answer', () => {
    expect(parseSiteStatus(PROMO)).toEqual(PROMO);
  });

  it.each([
    ['no coupon', { ...PROMO.holidayPromo, couponCode: null }],
    ['a blank coupon', { ...PROMO.holidayPromo, couponCode: '  ' }],
    ['dates that are not ISO', { ...PROMO.holidayPromo, to: 'soon' }],
    ['active: false', { ...PROMO.holidayPromo, active: false }],
  ])('counts a promo with %s as inactive', (_name, holidayPromo) => {
    expect(parseSiteStatus({ maintenance: false, holidayPromo })?.holidayPromo).toMatchObject({
      active: false,
      couponCode: null,
    });
  });

  it.each([null, 'maintenance', { maintenance: 'yes' }, {}])('refuses %p', (body) => {
    expect(parseSiteStatus(body)).toBeNull();
  });
});

describe('the cached site status', () => {
  it('asks the API once per TTL, at API_URL', async () => {
    process.env.API_URL = 'http://api.test:5001/';
    fetchMock.mockResolvedValue(answer(ON));
    await expect(Promise.all([getSiteStatus(now), getSiteStatus(now)])).resolves.toEqual([ON, ON]);
    clock += SITE_STATUS_TTL_MS - 1;
    await getSiteStatus(now);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('http://api.test:5001/v4/site');
    clock += 1;
    await getSiteStatus(now);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    delete process.env.API_URL;
  });

  it('serves the site as usual when the API was never reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(getSiteStatus(now)).resolves.toEqual(DEFAULT_SITE_STATUS);
    // The failure is cached too: a down API costs one attempt per TTL, not one per page.
    await getSiteStatus(now);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the last answer while the API cannot be asked (maintenance may stop it)', async () => {
    fetchMock.mockResolvedValueOnce(answer(ON));
    await getSiteStatus(now);
    clock += SITE_STATUS_TTL_MS;
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(getSiteStatus(now)).resolves.toEqual(ON);
    clock += SITE_STATUS_TTL_MS;
    fetchMock.mockResolvedValueOnce(answer({ error: 'boom' }, 500));
    await expect(getSiteStatus(now)).resolves.toEqual(ON);
    clock += SITE_STATUS_TTL_MS;
    fetchMock.mockResolvedValueOnce(answer(PROMO));
    await expect(getSiteStatus(now)).resolves.toEqual(PROMO);
  });
});
