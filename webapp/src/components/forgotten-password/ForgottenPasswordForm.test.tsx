import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import ForgottenPasswordForm from './ForgottenPasswordForm';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const fetchMock = jest.fn();
beforeEach(() => {
  resetNavigation();
  fetchMock.mockReset().mockResolvedValue(jsonResponse(200, { status: true }));
  global.fetch = fetchMock;
});

function send(email: string) {
  fireEvent.change(screen.getByLabelText(en.ForgottenPasswordPage.email), {
    target: { value: email },
  });
  fireEvent.click(screen.getByRole('button', { name: en.ForgottenPasswordPage.submit }));
}

describe('ForgottenPasswordForm (docs/product.md#validation, docs/product.md#errors)', () => {
  it.each([
    ['', en.Errors.valueRequired],
    ['jane@', en.Errors.invalidEmail],
  ])('refuses %p without calling the API', async (email, text) => {
    renderWithIntl(<ForgottenPasswordForm />);
    send(email);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a reset link, then shows the notice on the login page', async () => {
    renderWithIntl(<ForgottenPasswordForm />);
    send(' jane+kids@example.com ');
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/login?notice=resetSent'));
    expect(fetchMock.mock.calls[0][0]).toBe(
      '/api/v4/users/forgotten-pass?email=jane%2Bkids%40example.com',
    );
  });

  it.each([
    [404, { code: 0, message: 'noSuchUser' }, en.Errors.noSuchUser],
    [400, { code: 3, message: 'updateFailed' }, en.Errors.updateFailed],
  ])('shows the error of a %i answer', async (status, body, text) => {
    fetchMock.mockResolvedValue(jsonResponse(status, body));
    renderWithIntl(<ForgottenPasswordForm />);
    send('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(router.push).not.toHaveBeenCalled();
  });

  it('disables the button and shows a loader while sending', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    renderWithIntl(<ForgottenPasswordForm />);
    send('jane@example.com');
    expect(
      await screen.findByRole('button', { name: en.ForgottenPasswordPage.submitting }),
    ).toBeDisabled();
  });
});
