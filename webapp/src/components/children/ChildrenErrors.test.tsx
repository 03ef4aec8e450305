import { fireEvent, screen, within } from '@testing-library/react';
import en from '@locales/en.json';
import { MAX_MINUTES, MIN_MINUTES, type AppSettings } from '@/lib/api/children';
import { expectAlertAnnounced, expectFieldAnnounced } from '@/test/announced';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import AppSettingsForm from './AppSettingsForm';
import ChildrenManager from './ChildrenManager';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

// WCAG 3.3.1, 4.1.3: a failed submit on the family pages focuses the field at fault,
// whose message is linked to it, else the error message.
const t = en.ChildrenPage;
const fetchMock = jest.fn();
const MIA = { id: 1, name: 'Mia', ageBand: '3-5', createdAt: '2026-11-01T00:00:00Z' };

beforeEach(() => {
  window.localStorage.setItem('kidj_ut', 'tok');
  fetchMock
    .mockReset()
    .mockImplementation(async () => jsonResponse(200, { children: [MIA], max: 6 }));
  global.fetch = fetchMock;
});

// The add form's name field (a row being renamed has one too).
const nameField = () =>
  screen.getAllByRole('textbox', { name: t.nameLabel }).find((f) => f.getAttribute('name'))!;

describe('adding a child profile', () => {
  it('without a name: the name field, described by the message, and no call', async () => {
    renderWithIntl(<ChildrenManager />);
    await screen.findByText('Mia');
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    await expectFieldAnnounced(nameField(), en.Errors.valueRequired);
    expect(fetchMock).toHaveBeenCalledTimes(1); // the list only
  });

  it('refused by the API (the limit): the message', async () => {
    renderWithIntl(<ChildrenManager />);
    await screen.findByText('Mia');
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(400, { code: 1, message: 'childLimitReached', max: 6 }),
    );
    fireEvent.change(nameField(), { target: { value: 'Zoe' } });
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    await expectAlertAnnounced('You can create up to 6 child profiles.');
    expect(nameField()).not.toHaveAttribute('aria-invalid');
  });
});

describe('renaming a child profile', () => {
  async function rename(value: string) {
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Mia' }));
    const field = screen.getByDisplayValue('Mia');
    fireEvent.change(field, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    return field;
  }

  it('to nothing: its name field, described by the message, and no call', async () => {
    renderWithIntl(<ChildrenManager />);
    const field = await rename('  ');
    await expectFieldAnnounced(field, en.Errors.valueRequired);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('refused by the API: the same field, described by the refusal', async () => {
    renderWithIntl(<ChildrenManager />);
    await screen.findByText('Mia');
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(404, { code: 1, message: 'childNotFound' }),
    );
    const field = await rename('Mimi');
    await expectFieldAnnounced(field, en.Errors.childNotFound);
    // The add form's field is not at fault.
    expect(nameField()).not.toHaveAttribute('aria-invalid');
  });
});

describe("an app's settings", () => {
  const initial = {
    ageFilter: '7-10',
    timeLimitMinutes: 30,
    contentType: 'mix',
    language: 'en',
    sound: true,
    fullscreen: false,
    categories: [],
  } as const satisfies AppSettings;
  const s = en.ChildSettingsPage;
  const minutesInvalid = s.minutesInvalid
    .replace('{min}', String(MIN_MINUTES))
    .replace('{max}', String(MAX_MINUTES));

  it('minutes out of range: the minutes field, described by the message, and no call', async () => {
    renderWithIntl(<AppSettingsForm childId={4} app="games" initial={initial} />);
    fetchMock.mockClear();
    const form = within(screen.getByRole('form', { name: 'Lumo Games' }));
    const minutes = form.getByRole('spinbutton');
    fireEvent.change(minutes, { target: { value: '100000' } });
    fireEvent.click(form.getByRole('button', { name: 'Save the Games settings' }));
    await expectFieldAnnounced(minutes, minutesInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refused by the API: the message', async () => {
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(404, { code: 1, message: 'childNotFound' }),
    );
    renderWithIntl(<AppSettingsForm childId={4} app="games" initial={initial} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save the Games settings' }));
    await expectAlertAnnounced(en.Errors.childNotFound);
  });
});
