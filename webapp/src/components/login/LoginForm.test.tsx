import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import { PlatformProvider } from '@/components/layout/PlatformContext';
import { jsonResponse } from '@/test/http';
import { resetNavigation, router } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import LoginForm from './LoginForm';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

// printf '%s' 'p4sswordlumo-world:pw:v1' | sha256sum
const P4SSWORD_HASH = 'e0738046adde0e47d3cc5b1bdd1e87d8f43d864d08b53f0aef17f449d731772d';

const fetchMock = jest.fn();
let loginAnswer: Response;
let accountAnswer: Response;
beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  window.localStorage.setItem('cc', 'DE');
  loginAnswer = jsonResponse(200, { token: 'tok-1' });
  accountAnswer = jsonResponse(200, { subscriptions: [] });
  fetchMock
    .mockReset()
    .mockImplementation(async (url: string) =>
      url === '/api/v4/accounts/login'
        ? loginAnswer
        : url === '/api/v5/subscriptions'
          ? accountAnswer
          : jsonResponse(200, {}),
    );
  global.fetch = fetchMock;
});

function logIn(email = 'parent@lumo.example', password = 'p4ssword') {
  fireEvent.change(screen.getByLabelText(en.LoginPage.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(en.LoginPage.password), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: en.LoginPage.submit }));
}
const loginCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/v4/accounts/login');

describe('LoginForm', () => {
  it('requires an e-mail and a password', async () => {
    renderWithIntl(<LoginForm />);
    logIn('', '');
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(loginCalls()).toHaveLength(0);
  });

  it('requires the password when only the e-mail is given', async () => {
    renderWithIntl(<LoginForm />);
    logIn('parent@lumo.example', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.valueRequired);
    expect(screen.getByLabelText(en.LoginPage.password)).toHaveAttribute('aria-invalid', 'true');
    expect(loginCalls()).toHaveLength(0);
  });

  it('sends the e-mail, the password hash and the country, then a free parent goes to subscribe', async () => {
    renderWithIntl(<LoginForm />);
    logIn(' parent@lumo.example ');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/subscribe'));
    expect(JSON.parse(loginCalls()[0][1].body)).toEqual({
      email: 'parent@lumo.example',
      password: P4SSWORD_HASH,
      countryCode: 'DE',
    });
    expect(window.localStorage.getItem('kidj_ut')).toBe('tok-1');
  });

  it('sends a premium parent to the profile', async () => {
    accountAnswer = jsonResponse(200, {
      subscriptions: [{ subscriptionType: 'lumo_tv_books', isExpired: false }],
    });
    renderWithIntl(<LoginForm />);
    logIn();
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
  });

  it('goes back to the TV link page that asked for the login', async () => {
    window.sessionStorage.setItem('returnTo', '/link?pin=482913');
    renderWithIntl(<LoginForm />);
    logIn();
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/link?pin=482913'));
    expect(window.sessionStorage.getItem('returnTo')).toBeNull();
  });

  it.each([
    [404, { code: 0, message: 'emailNotFound' }, en.Errors.emailNotFound],
    [400, { code: 1, message: 'wrongPassword' }, en.Errors.wrongPassword],
    [429, { code: 0, message: 'rateLimited' }, en.Errors.rateLimited],
  ])('shows the API error for %i', async (status, body, text) => {
    loginAnswer = jsonResponse(status, body);
    renderWithIntl(<LoginForm />);
    logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: en.LoginPage.submit })).toBeEnabled();
    expect(window.localStorage.getItem('kidj_ut')).toBeNull();
  });

  it('links to the forgotten-password page and to register', () => {
    renderWithIntl(<LoginForm />);
    expect(screen.getByRole('link', { name: en.LoginPage.forgotten })).toHaveAttribute(
      'href',
      '/forgotten-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('hides the forgotten-password link on a TV platform', () => {
    renderWithIntl(
      <PlatformProvider isTv>
        <LoginForm />
      </PlatformProvider>,
    );
    expect(screen.queryByRole('link', { name: en.LoginPage.forgotten })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.LoginPage.submit })).toBeInTheDocument();
  });

  it('shows the notice a redirect asked for and removes it from the address', () => {
    window.history.replaceState(null, '', '/login?notice=resetSent');
    renderWithIntl(<LoginForm flash={{ kind: 'success', key: 'resetSent' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(en.Notices.resetSent);
    expect(window.location.search).toBe('');
  });

  it('sends an already logged-in premium parent to the profile', async () => {
    window.localStorage.setItem('kidj_ut', 'tok');
    accountAnswer = jsonResponse(200, {
      subscriptions: [{ subscriptionType: 'lumo_tv', isExpired: false }],
    });
    renderWithIntl(<LoginForm />);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
  });
});
