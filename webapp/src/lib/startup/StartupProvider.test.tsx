import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { account, subscription } from '@/test/accounts';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router, setPathname } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import { getToken, setToken } from '../session/storage';
import fs from 'node:fs';
import path from 'node:path';
import StartupGate from './StartupGate';
import StartupProvider, { useStartup } from './StartupProvider';
import { HEADED_BY_SERVER, isHeadedByServer } from './routes';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('../country', () => ({ countryCode: jest.fn(async () => 'FR') }));

const fetchMock = jest.fn();
beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function AccountEmail() {
  const { account: loaded } = useStartup();
  return <p>page for {loaded?.email ?? 'nobody'}</p>;
}

const renderAt = (pathname: string) => {
  setPathname(pathname);
  return renderWithIntl(
    <StartupProvider>
      <AccountEmail />
    </StartupProvider>,
  );
};

describe('StartupProvider', () => {
  it('sends a visitor without a token from a guarded page to login, never showing the page', async () => {
    renderAt('/billing');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
    expect(screen.queryByText(/page for/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(en.Startup.checking);
  });

  it('remembers /link and its PIN for after the login', async () => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/link?pin=482913');
    renderAt('/link');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
    expect(window.sessionStorage.getItem('returnTo')).toBe('/link?pin=482913');
    window.history.replaceState(null, '', '/');
    window.sessionStorage.clear();
  });

  it('shows a public page at once', () => {
    renderAt('/login');
    expect(screen.getByText('page for nobody')).toBeInTheDocument();
  });

  it('hands the loaded account to a guarded page', async () => {
    setToken('t1');
    fetchMock.mockResolvedValue(jsonResponse(200, account([subscription()])));
    renderAt('/');
    expect(await screen.findByText('page for parent@example.com')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/subscriptions');
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('sends a family without a live subscription to subscribe', async () => {
    setToken('t1');
    fetchMock.mockResolvedValue(jsonResponse(200, account([subscription({ isExpired: true })])));
    renderAt('/');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/subscribe'));
  });

  it('drops a dead token (401) and goes to login with the session-expired message', async () => {
    setToken('dead');
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 0, message: 'loginNeeded' }));
    renderAt('/');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login?flash=sessionExpired'));
    expect(router.replace).not.toHaveBeenCalledWith('/login');
    expect(getToken()).toBeNull();
  });

  it('ends a session that dies mid-task: clears it, goes to login with the message, remembers the page', async () => {
    window.sessionStorage.clear();
    setToken('t1');
    window.localStorage.setItem('email', 'parent@example.com');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, account([subscription()])));
    window.history.replaceState(null, '', '/children/3?tab=games');
    renderAt('/children/3');
    expect(await screen.findByText('page for parent@example.com')).toBeInTheDocument();
    // Later, any call of the page answers 401: the token was revoked or expired meanwhile.
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 0, message: 'loginNeeded' }));
    const { api } = await import('../api/client');
    const result = await api.GET('/v5/children/{child_id}/settings', {
      params: { path: { child_id: 3 } },
    });
    expect(result.ok).toBe(false);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login?flash=sessionExpired'));
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('email')).toBeNull();
    expect(window.sessionStorage.getItem('returnAfterExpiry')).toBe('/children/3?tab=games');
    window.history.replaceState(null, '', '/');
    window.sessionStorage.clear();
  });

  it('leaves a public page where it is when a call without a live session answers 401', async () => {
    setToken('t1');
    renderAt('/login');
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 0, message: 'loginNeeded' }));
    const { api } = await import('../api/client');
    await api.POST('/v4/accounts/logout');
    expect(getToken()).toBeNull();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('shows subscription-not-found (404) with a retry', async () => {
    setToken('t1');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, { code: 0, message: 'subscriptionNotFound' }),
    );
    renderAt('/billing');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.subscriptionNotFound);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, account([subscription()])));
    fireEvent.click(screen.getByRole('button', { name: en.Startup.retry }));
    expect(await screen.findByText('page for parent@example.com')).toBeInTheDocument();
  });
});

describe('pages headed by the server', () => {
  const renderHeaded = (pathname: string) => {
    setPathname(pathname);
    return renderWithIntl(
      <StartupProvider>
        <h1>heading from the server</h1>
        <StartupGate>
          <AccountEmail />
        </StartupGate>
      </StartupProvider>,
    );
  };

  it.each(['/subscribe', '/'])(
    '%s shows its heading during the check, and the rest of the page only once it passed',
    async (pathname) => {
      setToken('t1');
      let answer: (response: Response) => void = () => {};
      fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
      renderHeaded(pathname);
      expect(screen.getByRole('heading', { name: 'heading from the server' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(en.Startup.checking);
      expect(screen.queryByText(/page for/)).not.toBeInTheDocument();
      answer(jsonResponse(200, account(pathname === '/' ? [subscription()] : [])));
      expect(await screen.findByText('page for parent@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    },
  );

  it('send a visitor without a token to login, never showing the gated part', async () => {
    renderHeaded('/resubscribe');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/login'));
    expect(screen.queryByText(/page for/)).not.toBeInTheDocument();
  });

  it('keep the whole page behind the check on other guarded pages, heading included', () => {
    setToken('t1');
    fetchMock.mockReturnValue(new Promise<Response>(() => {}));
    renderHeaded('/billing');
    expect(
      screen.queryByRole('heading', { name: 'heading from the server' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(en.Startup.checking);
  });

  it('are the ones whose page renders a <StartupGate>', () => {
    const app = path.resolve(__dirname, '..', '..', 'app', '[locale]', '(site)');
    const sources = (segment: string) => {
      const page = fs.readFileSync(path.join(app, segment, 'page.tsx'), 'utf8');
      const imported = [...page.matchAll(/from '@\/(components\/[^']+)'/g)].map((m) =>
        fs.readFileSync(path.resolve(__dirname, '..', '..', `${m[1]}.tsx`), 'utf8'),
      );
      return [page, ...imported].join('\n');
    };
    expect([...HEADED_BY_SERVER].sort()).toEqual(['', 'products', 'resubscribe', 'subscribe']); // '' = the profile
    for (const segment of HEADED_BY_SERVER) {
      expect(isHeadedByServer(`/${segment}`)).toBe(true);
      expect(sources(segment)).toContain('<StartupGate>');
    }
    expect(isHeadedByServer('/changePlan')).toBe(false);
    expect(isHeadedByServer('/billing')).toBe(false);
  });
});
