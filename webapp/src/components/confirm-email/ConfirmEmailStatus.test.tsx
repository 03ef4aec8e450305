import { screen } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import ConfirmEmailStatus from './ConfirmEmailStatus';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

describe('ConfirmEmailStatus', () => {
  it('shows a loader while waiting for the API', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    renderWithIntl(<ConfirmEmailStatus token="abc" />);
    expect(screen.getByRole('status')).toHaveTextContent(en.ConfirmEmailPage.checking);
  });

  it('confirms the e-mail with the token from the link', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    renderWithIntl(<ConfirmEmailStatus token="a b&c" />);
    expect(await screen.findByText(en.ConfirmEmailPage.success)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v4/users/confirm-email?token=a%20b%26c');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
  });

  it('explains an invalid or expired link (code 4)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 4, message: 'resetLinkInvalid' }));
    renderWithIntl(<ConfirmEmailStatus token="old" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.resetLinkInvalid);
  });

  it('shows the generic message when the API cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithIntl(<ConfirmEmailStatus token="abc" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.somethingWentWrong);
  });

  it('does not call the API without a token', () => {
    renderWithIntl(<ConfirmEmailStatus token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent(en.Errors.resetLinkInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
