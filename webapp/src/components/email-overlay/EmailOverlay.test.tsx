import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { account, subscription } from '@/test/accounts';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import EmailOverlay from './EmailOverlay';

const fetchMock = jest.fn();
beforeEach(() => {
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});
const t = en.EmailOverlay;
const mondia = account([subscription({ storeId: 'mondia' })], {
  isEmailFake: true,
  email: '4470000@mondia.fake',
});

describe('e-mail overlay', () => {
  it('stays away from parents with a real e-mail', () => {
    renderWithIntl(<EmailOverlay account={account([subscription()])} onSaved={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('needs a valid e-mail', async () => {
    renderWithIntl(<EmailOverlay account={mondia} onSaved={jest.fn()} />);
    fireEvent.change(await screen.findByLabelText(t.email), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.invalidEmail);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves, refreshes the account and mails a mondia parent a password', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: true }));
    const onSaved = jest.fn(async () => undefined);
    renderWithIntl(<EmailOverlay account={mondia} onSaved={onSaved} />);
    fireEvent.change(await screen.findByLabelText(t.email), {
      target: { value: 'parent@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.savedWithPassword)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/v4/users/change-email',
      '/api/v5/users/forgotten-pass?email=parent%40example.com',
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('is not shown again in the same session once closed', async () => {
    const { unmount } = renderWithIntl(<EmailOverlay account={mondia} onSaved={jest.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: t.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    renderWithIntl(<EmailOverlay account={mondia} onSaved={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
