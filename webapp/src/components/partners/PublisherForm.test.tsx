import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import PublisherForm from './PublisherForm';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const fetchMock = jest.fn();
let publisherAnswer: Response;
beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  window.localStorage.setItem('cc', 'FR');
  publisherAnswer = jsonResponse(200, { email: '0612345678@sevamedia.partner.example' });
  fetchMock
    .mockReset()
    .mockImplementation(async (url: string) =>
      url === '/api/v4/sevamedia/subscription'
        ? publisherAnswer
        : jsonResponse(200, { token: 'tok-pub' }),
    );
  global.fetch = fetchMock;
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const button = () => screen.getByRole('button', { name: en.CouponPage.submit });

describe('publisher coupon page (docs/product.md#flows, docs/product.md#validation)', () => {
  it('keeps the button disabled while the phone or the coupon is empty', () => {
    renderWithIntl(<PublisherForm />);
    expect(button()).toBeDisabled();
    type(en.CouponPage.phone, '06 12 34 56 78');
    expect(button()).toBeDisabled();
    type(en.CouponPage.coupon, 'pub-code-1');
    expect(button()).toBeEnabled();
    type(en.CouponPage.phone, '   ');
    expect(button()).toBeDisabled();
  });

  it('accepts digits and spaces only in the phone number', async () => {
    renderWithIntl(<PublisherForm />);
    type(en.CouponPage.phone, '+33 6 12');
    type(en.CouponPage.coupon, 'PUB');
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.invalidEmail);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('redeems the coupon, logs in with the returned e-mail and the coupon hash, then opens the hub', async () => {
    renderWithIntl(<PublisherForm />);
    type(en.CouponPage.phone, '06 12 34 56 78');
    type(en.CouponPage.coupon, ' pub-code-1 ');
    fireEvent.click(button());
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/products'));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
      phone: '06 12 34 56 78',
      coupon: 'pub-code-1',
    });
    const login = fetchMock.mock.calls.find(([url]) => url === '/api/v4/accounts/login');
    const body = JSON.parse(login?.[1].body);
    expect(body.email).toBe('0612345678@sevamedia.partner.example');
    expect(body.password).toMatch(/^[0-9a-f]{64}$/);
    expect(body.password).toBe(await sha256('PUB-CODE-1lumo-world:pw:v1'));
    expect(window.localStorage.getItem('kidj_ut')).toBe('tok-pub');
  });

  it.each([
    ['SEVAMEDIA_INVALID_COUPON', en.CouponPage.errors.sevamedia_invalid_coupon],
    ['SEVAMEDIA_PARAMETER_REQUIRED', en.CouponPage.errors.sevamedia_parameter_required],
  ])('shows the publisher message for %s', async (messageCode, text) => {
    publisherAnswer = jsonResponse(400, { code: 3, message: 'couponExpired', messageCode });
    renderWithIntl(<PublisherForm />);
    type(en.CouponPage.phone, '0612');
    type(en.CouponPage.coupon, 'OLD');
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(router.push).not.toHaveBeenCalled();
  });
});

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
