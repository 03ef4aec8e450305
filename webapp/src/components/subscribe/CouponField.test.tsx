import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { expectFieldAnnounced } from '@/test/announced';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import type { PlanSelection, PricedSelection } from '@/components/pricing/plans';
import CouponField from './CouponField';
import { useCoupon } from './useCoupon';

const fetchMock = jest.fn();
beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

const yearlyTv: PlanSelection = { period: 'P1Y', apps: ['tv'] };
const priced = {
  planId: 'lumo_tv_yearly_eur',
  product: 'lumo_tv',
  currency: 'EUR',
  isBundle: false,
  total: 3490,
} as PricedSelection;

function Harness({ onAccess }: { onAccess: () => Promise<void> }) {
  const coupon = useCoupon(yearlyTv, priced, onAccess);
  return <CouponField coupon={coupon} currency="EUR" />;
}

function apply(code: string, onAccess = jest.fn(async () => undefined)) {
  renderWithIntl(<Harness onAccess={onAccess} />);
  fireEvent.change(screen.getByLabelText(en.CouponField.label), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: en.CouponField.apply }));
  return onAccess;
}

const coupon = (couponType: string, extra = {}) => ({
  couponSerialNumber: 'CODE',
  couponDurationCode: 'P2M',
  couponProduct: 'lumo',
  couponType,
  discountDetails: null,
  ...extra,
});

describe('coupon field', () => {
  it('validates with the chosen product and plan type and shows the promo badge', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, coupon('STANDARD_COUPON')));
    apply('code');
    expect(await screen.findByText('Coupon CODE is valid: 2 months free.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe(
      '/api/v5/coupon/validate/CODE?product=lumo_tv&planType=P1Y',
    );
    expect(window.localStorage.getItem('coupon')).toBe('CODE');
  });

  it('removes a monthly discount on a yearly plan with monthly_only', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        201,
        coupon('DISCOUNT_COUPON', {
          discountDetails: { discountPrice: '2.99', isBundleDiscount: false, planType: 'P1M' },
        }),
      ),
    );
    apply('HALF');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.monthlyOnly);
    expect(window.localStorage.getItem('coupon')).toBeNull();
  });

  it('names the product a coupon is for (code 5)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 5, message: 'couponProductMismatch', couponProduct: 'lumo_BOOKS' }),
    );
    apply('STORIES');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This coupon is only valid for Stories',
    );
  });

  it('redeems an access coupon and goes on to the apps', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(201, coupon('UNIQUE_ACCESS_COUPON')))
      .mockResolvedValueOnce(jsonResponse(200, { status: true, data: { subscriptionId: 4 } }));
    const onAccess = apply('FREE');
    await waitFor(() => expect(onAccess).toHaveBeenCalled());
    expect(fetchMock.mock.calls[1][0]).toBe('/api/v5/coupon/redeem');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ coupon: 'FREE' });
  });

  it('asks for a code before checking', async () => {
    apply('   ');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.fillField);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a refused code takes the focus to the field', () => {
  it('nothing typed: the field, described by the message, and no call', async () => {
    apply('  ');
    await expectFieldAnnounced(screen.getByLabelText(en.CouponField.label), en.Errors.fillField);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a code the API refuses: the field, described by the refusal', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 1, message: 'couponExpired' }));
    apply('OLD');
    await expectFieldAnnounced(
      screen.getByLabelText(en.CouponField.label),
      en.Errors.couponExpired,
    );
  });

  it('is named by its label only, not the Apply button', () => {
    renderWithIntl(<Harness onAccess={jest.fn(async () => undefined)} />);
    expect(screen.getByRole('textbox', { name: en.CouponField.label })).toHaveAttribute(
      'name',
      'coupon',
    );
  });
});
