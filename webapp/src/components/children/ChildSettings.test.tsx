import { fireEvent, screen, within } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import ChildSettingsView from './ChildSettingsView';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const fetchMock = jest.fn();
const base = {
  timeLimitMinutes: null,
  contentType: 'mix',
  language: 'en',
  sound: true,
  fullscreen: false,
  updatedAt: '2026-11-01T00:00:00Z',
};
const SETTINGS = {
  tv: { ...base, ageFilter: '3-8' },
  books: { ...base, ageFilter: '3-10', categories: ['adventure'] },
  games: { ...base, ageFilter: '7-10', timeLimitMinutes: 30, categories: ['logic', 'memory'] },
};

beforeEach(() => {
  window.localStorage.setItem('kidj_ut', 'tok');
  fetchMock
    .mockReset()
    .mockImplementation(async (url: string, init: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(200, JSON.parse(String(init.body)))
        : jsonResponse(200, SETTINGS),
    );
  global.fetch = fetchMock;
});

const form = async (name: string) => within(await screen.findByRole('form', { name }));
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('parental settings', () => {
  it('shows one form per app with the enums of that app', async () => {
    renderWithIntl(<ChildSettingsView childId={4} />);
    const tv = await form('Lumo TV');
    expect(
      tv
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'))
        .slice(0, 3),
    ).toEqual(['3-5', '6-8', '3-8']);
    expect(
      tv.queryByRole('group', { name: en.ChildSettingsPage.categories }),
    ).not.toBeInTheDocument();
    const games = await form('Lumo Games');
    expect(games.getByRole('checkbox', { name: 'Logic' })).toBeChecked();
    expect(games.getByRole('spinbutton')).toHaveValue(30);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v5/children/4/settings');
  });

  it('sends every field of the app, without updatedAt', async () => {
    renderWithIntl(<ChildSettingsView childId={4} />);
    const books = await form('Lumo Stories');
    fireEvent.click(books.getByRole('checkbox', { name: 'Fairy tales' }));
    fireEvent.click(books.getByRole('checkbox', { name: en.ChildSettingsPage.timeLimitOn }));
    fireEvent.change(books.getByRole('spinbutton'), { target: { value: '45' } });
    fireEvent.change(books.getByRole('combobox', { name: en.ChildSettingsPage.contentType }), {
      target: { value: 'music' },
    });
    fireEvent.click(books.getByRole('button', { name: 'Save the Stories settings' }));
    expect(await books.findByText(en.ChildSettingsPage.saved)).toBeInTheDocument();
    const [url, init] = puts()[0];
    expect(url).toBe('/api/v5/children/4/settings/books');
    expect(JSON.parse(init.body)).toEqual({
      ageFilter: '3-10',
      timeLimitMinutes: 45,
      contentType: 'music',
      language: 'en',
      sound: true,
      fullscreen: false,
      categories: ['adventure', 'fairy_tales'],
    });
  });

  it('sends null when the time limit is off, and no categories for TV', async () => {
    renderWithIntl(<ChildSettingsView childId={4} />);
    const tv = await form('Lumo TV');
    fireEvent.click(tv.getByRole('button', { name: 'Save the TV settings' }));
    await tv.findByText(en.ChildSettingsPage.saved);
    const body = JSON.parse(puts()[0][1].body);
    expect(body.timeLimitMinutes).toBeNull();
    expect(body).not.toHaveProperty('categories');
  });

  it('refuses minutes outside 5-240 without calling the API', async () => {
    renderWithIntl(<ChildSettingsView childId={4} />);
    const games = await form('Lumo Games');
    fireEvent.change(games.getByRole('spinbutton'), { target: { value: '300' } });
    fireEvent.click(games.getByRole('button', { name: 'Save the Games settings' }));
    expect(games.getByText('Enter a number of minutes between 5 and 240.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('shows childNotFound for another parent’s child', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(404, { code: 1, message: 'childNotFound' }),
    );
    renderWithIntl(<ChildSettingsView childId={99} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.childNotFound);
  });

  it('speaks Arabic', async () => {
    renderWithIntl(<ChildSettingsView childId={4} />, 'ar');
    expect(await screen.findByRole('form', { name: 'Lumo TV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ar.ChildSettingsPage.back })).toBeInTheDocument();
  });
});
