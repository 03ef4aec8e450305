import { screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import PromoRegister from './PromoRegister';
import SwisscomRegister from './SwisscomRegister';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const fetchMock = jest.fn();
let couponAnswer: Response;
beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  window.localStorage.setItem('cc', 'FR');
  couponAnswer = jsonResponse(201, {
    couponSerialNumber: 'LUMO-HALF',
    couponDurationCode: 'P3M',
    couponProduct: 'lumo',
    couponType: 'DISCOUNT_COUPON',
  });
  fetchMock
    .mockReset()
    .mockImplementation(async (url: string) =>
      url.startsWith('/api/v5/coupon/validate/')
        ? couponAnswer
        : url.startsWith('/api/v5/plans')
          ? new Promise(() => {})
          : jsonResponse(200, {}),
    );
  global.fetch = fetchMock;
});

describe('/promo/{code} (docs/product.md#flows)', () => {
  it('pre-fills and locks a valid code', async () => {
    renderWithIntl(<PromoRegister code="LUMO-HALF" />);
    expect(screen.getByRole('status')).toBeInTheDocument(); // checking the code
    const coupon = await screen.findByLabelText(en.RegisterPage.couponLocked);
    expect(coupon).toHaveValue('LUMO-HALF');
    expect(coupon).toHaveAttribute('readonly');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/coupon/validate/LUMO-HALF');
    expect(window.localStorage.getItem('coupon')).toBe('LUMO-HALF');
  });

  it('a code giving free time says so on the pricing card instead of the 7-day trial line', async () => {
    couponAnswer = jsonResponse(201, {
      couponSerialNumber: 'LUMO-HOLIDAY',
      couponDurationCode: 'P1M',
      couponProduct: 'lumo',
      couponType: 'STANDARD_COUPON',
    });
    renderWithIntl(<PromoRegister code="LUMO-HOLIDAY" />);
    await screen.findByLabelText(en.RegisterPage.couponLocked);
    expect(screen.getByText('Coupon LUMO-HOLIDAY is valid: 1 month free.')).toBeInTheDocument();
    expect(screen.queryByText(en.RegisterPage.trialNote)).not.toBeInTheDocument();
  });

  it('a discount code keeps the trial line (the lower price comes after the trial)', async () => {
    renderWithIntl(<PromoRegister code="LUMO-HALF" />);
    await screen.findByLabelText(en.RegisterPage.couponLocked);
    expect(screen.getByText(en.RegisterPage.trialNote)).toBeInTheDocument();
    expect(screen.queryByText(/is valid/)).not.toBeInTheDocument();
  });

  it('sends an invalid code to register with the invalid-coupon message, coupon cleared', async () => {
    window.localStorage.setItem('coupon', 'OLD');
    couponAnswer = jsonResponse(400, { code: 3, message: 'couponInvalid' });
    renderWithIntl(<PromoRegister code="NOPE" />);
    await waitFor(() =>
      expect(router.replace).toHaveBeenCalledWith('/register?flash=couponInvalid'),
    );
    expect(window.localStorage.getItem('coupon')).toBeNull();
  });

  it('leaves the code editable when the API cannot be reached', async () => {
    couponAnswer = jsonResponse(503, undefined);
    renderWithIntl(<PromoRegister code="LUMO-HALF" />);
    const coupon = await screen.findByLabelText(en.RegisterPage.coupon);
    expect(coupon).toHaveValue('LUMO-HALF');
    expect(coupon).not.toHaveAttribute('readonly');
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('without a code, is the plain register form', () => {
    renderWithIntl(<PromoRegister code="" />);
    expect(screen.getByLabelText(en.RegisterPage.coupon)).toHaveValue('');
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/coupon/validate/'))).toBe(false);
  });
});

describe('/swisscom (docs/product.md#flows, docs/product.md#constants)', () => {
  it('locks the carrier coupon YAJKM0 and remembers the campaign (2 months)', () => {
    renderWithIntl(<SwisscomRegister />);
    expect(screen.getByLabelText(en.RegisterPage.couponLocked)).toHaveValue('YAJKM0');
    expect(screen.getByLabelText(en.RegisterPage.couponLocked)).toHaveAttribute('readonly');
    expect(window.localStorage.getItem('swissComeCampaign')).toBe('true');
    expect(window.localStorage.getItem('couponDurationCode')).toBe('P2M');
    expect(screen.getByText('Coupon YAJKM0 is valid: 2 months free.')).toBeInTheDocument();
    expect(screen.queryByText(en.RegisterPage.trialNote)).not.toBeInTheDocument();
  });
});
