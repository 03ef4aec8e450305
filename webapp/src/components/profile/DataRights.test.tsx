import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { hashPassword } from '@/lib/password';
import { expectAlertAnnounced, expectFieldAnnounced } from '@/test/announced';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import PageFlash from '@/components/login/PageFlash';
import DataRights from './DataRights';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const t = en.DataRights;
const fetchMock = jest.fn();

beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  window.localStorage.setItem('kidj_ut', 'tok');
  window.localStorage.setItem('email', 'parent@lumo.example');
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function askDeletion(password: string) {
  fireEvent.click(screen.getByRole('button', { name: t.delete }));
  fireEvent.change(screen.getByLabelText(t.password), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: t.deleteConfirm }));
}

describe('data rights on the profile', () => {
  it('downloads the account data as a JSON file', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { account: { email: 'parent@lumo.example' }, children: [] }),
    );
    const createObjectURL = jest.fn(() => 'blob:lumo');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderWithIntl(<DataRights />);
    fireEvent.click(screen.getByRole('button', { name: t.export }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/account/export');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('application/json');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toMatch(
      /^lumo-data-\d{4}-\d{2}-\d{2}\.json$/,
    );
    click.mockRestore();
  });

  it('deletes the account with the hashed password, clears the session and goes to login with a notice', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: true }));
    renderWithIntl(<DataRights />);
    askDeletion('p4ssword');
    await waitFor(() =>
      expect(router.replace).toHaveBeenCalledWith('/login?notice=accountDeleted'),
    );
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v5/account/delete');
    expect(JSON.parse(init.body)).toEqual({ password: await hashPassword('p4ssword') });
    expect(window.localStorage.getItem('kidj_ut')).toBeNull();
    expect(window.localStorage.getItem('email')).toBeNull();
  });

  it.each([
    [400, 'wrongPassword'],
    [503, 'accountDeleteFailed'],
  ] as const)('keeps the session and shows %s %s', async (status, message) => {
    fetchMock.mockResolvedValue(jsonResponse(status, { code: 1, message }));
    renderWithIntl(<DataRights />);
    askDeletion('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors[message]);
    expect(window.localStorage.getItem('kidj_ut')).toBe('tok');
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('asks for the password before calling the API', () => {
    renderWithIntl(<DataRights />);
    askDeletion('');
    expect(screen.getByRole('alert')).toHaveTextContent(en.Errors.valueRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the login page shows the deletion notice', () => {
    renderWithIntl(<PageFlash flash={{ kind: 'success', key: 'accountDeleted' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(t.deletedNotice);
  });

  it('sets the deletion apart from the download, in its own danger block', () => {
    renderWithIntl(<DataRights />);
    const danger = screen.getByRole('group', { name: t.dangerTitle });
    expect(within(danger).getByText(t.dangerIntro)).toBeInTheDocument();
    expect(within(danger).getByRole('button', { name: t.delete })).toBeInTheDocument();
    expect(within(danger).queryByRole('button', { name: t.export })).toBeNull();
    fireEvent.click(within(danger).getByRole('button', { name: t.delete }));
    expect(within(danger).getByRole('button', { name: t.deleteConfirm })).toHaveAttribute(
      'type',
      'submit',
    );
  });

  it('speaks Arabic', () => {
    renderWithIntl(<DataRights />, 'ar');
    expect(screen.getByRole('button', { name: ar.DataRights.export })).toBeInTheDocument();
  });

  describe('a failed request takes the focus to why', () => {
    it('no password: the password field, described by the message', async () => {
      renderWithIntl(<DataRights />);
      askDeletion('');
      await expectFieldAnnounced(screen.getByLabelText(t.password), en.Errors.valueRequired);
    });

    it('a wrong password: the password field, described by the refusal', async () => {
      fetchMock.mockResolvedValue(jsonResponse(400, { code: 1, message: 'wrongPassword' }));
      renderWithIntl(<DataRights />);
      askDeletion('nope');
      await expectFieldAnnounced(screen.getByLabelText(t.password), en.Errors.wrongPassword);
    });

    it('the server failing the deletion: the message, the field not blamed', async () => {
      fetchMock.mockResolvedValue(jsonResponse(503, { code: 1, message: 'accountDeleteFailed' }));
      renderWithIntl(<DataRights />);
      askDeletion('nope');
      await expectAlertAnnounced(en.Errors.accountDeleteFailed);
      expect(screen.getByLabelText(t.password)).not.toHaveAttribute('aria-invalid');
    });

    it('a failed download: the message', async () => {
      fetchMock.mockResolvedValue(jsonResponse(503, { code: 1, message: 'accountDeleteFailed' }));
      renderWithIntl(<DataRights />);
      fireEvent.click(screen.getByRole('button', { name: t.export }));
      await expectAlertAnnounced(en.Errors.accountDeleteFailed);
    });
  });
});
