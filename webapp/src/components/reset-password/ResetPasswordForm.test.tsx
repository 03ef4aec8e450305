import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import ar from '@locales/ar.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import ResetPasswordForm from './ResetPasswordForm';

// printf '%s' 'p4sswordlumo-world:pw:v1' | sha256sum
const P4SSWORD_HASH = 'e0738046adde0e47d3cc5b1bdd1e87d8f43d864d08b53f0aef17f449d731772d';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function fillAndSubmit(password: string, confirmation: string, labels = en.ResetPasswordPage) {
  fireEvent.change(screen.getByLabelText(labels.newPassword), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(labels.confirmPassword), {
    target: { value: confirmation },
  });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

describe('ResetPasswordForm', () => {
  it('refuses different passwords without calling the API', async () => {
    renderWithIntl(<ResetPasswordForm token="tok" />);
    fillAndSubmit('p4ssword', 'other');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.passwordsMismatch);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a password shorter than 8 characters', async () => {
    renderWithIntl(<ResetPasswordForm token="tok" />);
    fillAndSubmit('1234567', '1234567');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.passwordTooShort);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the mismatch message in Arabic', async () => {
    renderWithIntl(<ResetPasswordForm token="tok" />, 'ar');
    fillAndSubmit('p4ssword', 'other', ar.ResetPasswordPage);
    expect(await screen.findByRole('alert')).toHaveTextContent(ar.Errors.passwordsMismatch);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires both fields', async () => {
    renderWithIntl(<ResetPasswordForm token="tok" />);
    fillAndSubmit('p4ssword', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.fillField);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the token and the hashed password, then offers to log in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    renderWithIntl(<ResetPasswordForm token="tok-123" />);
    fillAndSubmit('p4ssword', 'p4ssword');

    expect(await screen.findByText(en.ResetPasswordPage.success)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v4/users/reset-pass');
    expect(init.method).toBe('POST');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body)).toEqual({ token: 'tok-123', newPass: P4SSWORD_HASH });
    expect(screen.getByRole('link', { name: en.Common.goToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('disables the button while the request is pending', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithIntl(<ResetPasswordForm token="tok" />);
    fillAndSubmit('p4ssword', 'p4ssword');

    const button = await screen.findByRole('button', { name: en.ResetPasswordPage.submitting });
    expect(button).toBeDisabled();
    answer(jsonResponse(200, {}));
    expect(await screen.findByText(en.ResetPasswordPage.success)).toBeInTheDocument();
  });

  it('explains an invalid or expired link (code 4)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 4, message: 'resetLinkInvalid' }));
    renderWithIntl(<ResetPasswordForm token="old" />);
    fillAndSubmit('p4ssword', 'p4ssword');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.resetLinkInvalid);
    expect(screen.getByRole('button', { name: en.ResetPasswordPage.submit })).toBeEnabled();
  });

  it('falls back to the generic message for other errors', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, undefined));
    renderWithIntl(<ResetPasswordForm token="tok" />);
    fillAndSubmit('p4ssword', 'p4ssword');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.somethingWentWrong);
  });

  it('says the link is invalid when it has no token', async () => {
    renderWithIntl(<ResetPasswordForm token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent(en.Errors.resetLinkInvalid);
    fillAndSubmit('p4ssword', 'p4ssword');
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('closes the error message', async () => {
    renderWithIntl(<ResetPasswordForm token="tok" />);
    fillAndSubmit('a', 'b');
    fireEvent.click(await screen.findByRole('button', { name: en.Flash.close }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
