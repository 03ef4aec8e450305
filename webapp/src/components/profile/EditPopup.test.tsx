import { act, fireEvent, screen } from '@testing-library/react';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import EditPopup, { CLOSE_AFTER_SAVE_MS } from './EditPopup';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function open(field: 'email' | 'name', initial = '') {
  const onClose = jest.fn();
  const onSaved = jest.fn(async () => undefined);
  renderWithIntl(<EditPopup field={field} initial={initial} onSaved={onSaved} onClose={onClose} />);
  return { onClose, onSaved, input: screen.getByRole('textbox') };
}

describe('profile popup', () => {
  it('blocks an empty value', async () => {
    const { input } = open('name', 'Sam');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: en.ProfilePage.popup.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.fillField);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the e-mail is taken (code 5)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 5, message: 'emailTaken' }));
    const { input } = open('email');
    fireEvent.change(input, { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: en.ProfilePage.popup.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.emailTaken);
  });

  it('shows success, reloads the account and closes after one second', async () => {
    jest.useFakeTimers();
    fetchMock.mockResolvedValue(jsonResponse(200, { status: true }));
    const { input, onClose, onSaved } = open('name');
    fireEvent.change(input, { target: { value: 'Alex' } });
    fireEvent.click(screen.getByRole('button', { name: en.ProfilePage.popup.save }));
    expect(await screen.findByText('Your name has been changed.')).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ name: 'Alex' });
    expect(onSaved).toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(CLOSE_AFTER_SAVE_MS - 10));
    expect(onClose).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(20));
    expect(onClose).toHaveBeenCalled();
    jest.useRealTimers();
  });
});
