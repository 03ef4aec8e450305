/**
 * 429 from any abuse limit of the API ({"code": 0, "message": "rateLimited"}, with Retry-After) shows
 * the localized Errors.rateLimited text, never the generic one. (LoginForm.test.tsx covers the login.)
 */
import { fireEvent, screen } from '@testing-library/react';
import en from '@locales/en.json';
import de from '@locales/de.json';
import ForgottenPasswordForm from '@/components/forgotten-password/ForgottenPasswordForm';
import { couponError } from '@/components/subscribe/coupon';
import { api } from '@/lib/api/client';
import { linkErrorKey } from '@/lib/api/users';
import { jsonResponse } from '@/test/http';
import { resetNavigation } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const LIMITED = { code: 0, message: 'rateLimited' };
const fetchMock = jest.fn();
beforeEach(() => {
  resetNavigation();
  fetchMock.mockReset().mockResolvedValue(jsonResponse(429, LIMITED));
  global.fetch = fetchMock;
});

it('the API client turns a 429 into the rateLimited key', async () => {
  const result = await api.GET('/v5/coupon/validate/{code}', { params: { path: { code: 'X' } } });
  expect(result).toMatchObject({ ok: false, status: 429, errorKey: 'rateLimited' });
  if (result.ok) throw new Error('unreachable');
  expect(couponError(result)).toEqual({ errorKey: 'rateLimited' });
  expect(linkErrorKey(result)).toBe('rateLimited');
});

it('the forgotten-password form shows the rate-limit text', async () => {
  renderWithIntl(<ForgottenPasswordForm />);
  fireEvent.change(screen.getByLabelText(en.ForgottenPasswordPage.email), {
    target: { value: 'jane@example.com' },
  });
  fireEvent.click(screen.getByRole('button', { name: en.ForgottenPasswordPage.submit }));
  expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.rateLimited);
});

it('every language has its own rate-limit text', () => {
  expect(de.Errors.rateLimited).toBeTruthy();
  expect(de.Errors.rateLimited).not.toBe(en.Errors.rateLimited);
});
