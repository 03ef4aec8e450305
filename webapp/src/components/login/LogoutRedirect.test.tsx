import { waitFor } from '@testing-library/react';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import LogoutRedirect from './LogoutRedirect';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const fetchMock = jest.fn();
beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  fetchMock.mockReset().mockResolvedValue(jsonResponse(200, { status: true }));
  global.fetch = fetchMock;
});

// docs/product.md#flows "Logout clears token, coupon keys, plan, partner, subscriptions, e-mail and name"; docs/product.md#screens also the store id.
const CLEARED = [
  'kidj_ut',
  'token',
  'coupon',
  'couponDurationCode',
  'couponProduct',
  'discountDetails',
  'plan',
  'partner',
  'subscriptions',
  'email',
  'name',
  'storeId',
];
const KEPT = ['app', 'cc', 'tvAppFolderId'];

describe('/logout', () => {
  it('revokes the token, clears exactly the session keys and goes to login', async () => {
    [...CLEARED, ...KEPT].forEach((key) => window.localStorage.setItem(key, `v-${key}`));
    renderWithIntl(<LogoutRedirect />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v4/accounts/logout');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer v-kidj_ut');
    CLEARED.forEach((key) => expect(window.localStorage.getItem(key)).toBeNull());
    KEPT.forEach((key) => expect(window.localStorage.getItem(key)).toBe(`v-${key}`));
  });

  it('still logs out locally when the API cannot be reached', async () => {
    window.localStorage.setItem('kidj_ut', 'tok');
    fetchMock.mockRejectedValue(new TypeError('offline'));
    renderWithIntl(<LogoutRedirect />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
    expect(window.localStorage.getItem('kidj_ut')).toBeNull();
  });

  it('sends a visitor without a token straight to login', async () => {
    renderWithIntl(<LogoutRedirect />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a generic error with a login link when navigation fails', async () => {
    router.replace.mockImplementation(() => {
      throw new Error('navigation failed');
    });
    const { findByRole, getByRole } = renderWithIntl(<LogoutRedirect />);
    expect(await findByRole('alert')).toHaveTextContent('Uh oh! Something went wrong!');
    expect(getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
