import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@locales/en.json';
import ProfileView from '@/components/profile/ProfileView';
import StartupProvider, { StartupContext } from '@/lib/startup/StartupProvider';
import { account, subscription } from '@/test/accounts';
import { jsonResponse } from '@/test/http';
import { resetNavigation, setPathname } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import { setToken } from '@/lib/session/storage';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);
jest.mock('@/lib/country', () => ({ countryCode: jest.fn(async () => 'FR') }));

const fetchMock = jest.fn();
beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});
const languageCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/v5/users/email-language')
    .map(([, init]) => JSON.parse(String(init.body)));

describe('the language of the e-mails', () => {
  it('is chosen in the profile, as an explicit choice', async () => {
    const parent = account([subscription()], { emailLanguage: 'en', emailLanguageChosen: false });
    const reloadAccount = jest.fn(async () => parent);
    fetchMock.mockResolvedValue(jsonResponse(200, { language: 'de', chosen: true }));
    renderWithIntl(
      <StartupContext.Provider value={{ account: parent, reloadAccount }}>
        <ProfileView />
      </StartupContext.Provider>,
    );
    const select = screen.getByLabelText(en.ProfilePage.emailLanguage);
    expect(select).toHaveValue('en');
    expect(screen.getByText(en.ProfilePage.emailLanguageFollows)).toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'de' } });
    await waitFor(() =>
      expect(screen.getByText(en.ProfilePage.emailLanguageSaved)).toBeInTheDocument(),
    );
    expect(languageCalls()).toEqual([{ language: 'de', explicit: true }]);
    expect(reloadAccount).toHaveBeenCalled();
  });

  it('follows the site language of a logged-in parent who has not chosen one', async () => {
    setToken('t1');
    setPathname('/');
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/v5/subscriptions'
        ? jsonResponse(
            200,
            account([subscription()], { emailLanguage: 'de', emailLanguageChosen: false }),
          )
        : jsonResponse(200, { language: 'en', chosen: false }),
    );
    renderWithIntl(
      <StartupProvider>
        <p>page</p>
      </StartupProvider>,
    );
    await waitFor(() => expect(languageCalls()).toEqual([{ language: 'en', explicit: false }]));
  });

  it('shows the followed language in the profile at once, without a reload', async () => {
    setToken('t1');
    setPathname('/');
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/v5/subscriptions'
        ? jsonResponse(
            200,
            account([subscription()], { emailLanguage: 'de', emailLanguageChosen: false }),
          )
        : jsonResponse(200, { language: 'en', chosen: false }),
    );
    renderWithIntl(
      <StartupProvider>
        <ProfileView />
      </StartupProvider>,
    );
    const select = await screen.findByLabelText(en.ProfilePage.emailLanguage);
    await waitFor(() => expect(select).toHaveValue('en'));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/v5/subscriptions')).toHaveLength(1);
  });

  it('leaves an explicit choice alone', async () => {
    setToken('t1');
    setPathname('/');
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        200,
        account([subscription()], { emailLanguage: 'de', emailLanguageChosen: true }),
      ),
    );
    renderWithIntl(
      <StartupProvider>
        <p>page</p>
      </StartupProvider>,
    );
    expect(await screen.findByText('page')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(languageCalls()).toEqual([]);
  });
});
