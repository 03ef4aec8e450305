import { fireEvent, screen } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import ChangePasswordForm from './ChangePasswordForm';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});
const labels = en.ChangePasswordPage;

function submit(oldPassword: string, newPassword: string, confirmPassword: string) {
  renderWithIntl(<ChangePasswordForm />);
  fireEvent.change(screen.getByLabelText(labels.oldPassword), { target: { value: oldPassword } });
  fireEvent.change(screen.getByLabelText(labels.newPassword), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText(labels.confirmPassword), {
    target: { value: confirmPassword },
  });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

describe('change password', () => {
  it('needs all three fields', async () => {
    submit('', 'new-pass', 'new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.fillField);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a new password shorter than 8 characters and shows the rule', async () => {
    submit('old-pass', 'short', 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.passwordTooShort);
    expect(screen.getByText('At least 8 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for matching passwords', async () => {
    submit('old-pass', 'new-pass-1', 'other-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please make sure your password match!',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the old password is wrong (code 1)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 1, message: 'wrongOldPassword' }));
    submit('old-pass', 'new-pass', 'new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.wrongOldPassword);
    expect(screen.getByLabelText(labels.newPassword)).toHaveValue('new-pass');
  });

  it('sends both passwords hashed, never in clear', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: true }));
    submit('old-pass', 'new-pass', 'new-pass');
    expect(await screen.findByText(labels.success)).toBeInTheDocument();
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(body.oldPass).toMatch(/^[0-9a-f]{64}$/);
    expect(body.newPass).toMatch(/^[0-9a-f]{64}$/);
    expect(body.oldPass).not.toBe(body.newPass);
  });
});
