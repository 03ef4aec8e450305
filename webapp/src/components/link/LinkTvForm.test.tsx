import { fireEvent, screen, waitFor } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { resetNavigation } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import LinkTvForm, { normalizePin } from './LinkTvForm';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const t = en.LinkTvPage;
const fetchMock = jest.fn();

beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  window.localStorage.setItem('kidj_ut', 'tok');
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

const pinField = () => screen.getByRole('textbox', { name: t.pinLabel });
const claimCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/v5/tv/link/claim');

describe('normalizePin', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['12-34-56-78', '123456'],
    ['abc', ''],
    [null, ''],
  ])('%s -> %s', (input, pin) => expect(normalizePin(input)).toBe(pin));
});

describe('LinkTvForm', () => {
  it('prefills the PIN from the QR code and claims it with the parent token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: true }));
    renderWithIntl(<LinkTvForm initialPin="482913" />);
    expect(pinField()).toHaveValue('482913');
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.success)).toBeInTheDocument();
    const [, init] = claimCalls()[0];
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ pin: '482913' });
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect(screen.getByRole('link', { name: t.backToProfile })).toHaveAttribute('href', '/');
  });

  it('keeps digits only and asks for six before calling the API', () => {
    renderWithIntl(<LinkTvForm />);
    fireEvent.change(pinField(), { target: { value: '12a3' } });
    expect(pinField()).toHaveValue('123');
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(screen.getByText(t.pinInvalid)).toBeInTheDocument();
    expect(pinField()).toHaveAttribute('aria-invalid', 'true');
    expect(claimCalls()).toHaveLength(0);
  });

  it.each(['linkPinInvalid', 'rateLimited'] as const)(
    'shows %s and lets the parent try again',
    async (message) => {
      fetchMock.mockResolvedValueOnce(
        jsonResponse(message === 'rateLimited' ? 429 : 400, { code: 1, message }),
      );
      renderWithIntl(<LinkTvForm initialPin="111111" />);
      fireEvent.click(screen.getByRole('button', { name: t.submit }));
      expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors[message]);
      await waitFor(() => expect(screen.getByRole('button', { name: t.submit })).toBeEnabled());
      expect(pinField()).toHaveValue('111111');
    },
  );

  it('speaks Arabic with the PIN kept left to right', () => {
    renderWithIntl(<LinkTvForm />, 'ar');
    const field = screen.getByRole('textbox', { name: ar.LinkTvPage.pinLabel });
    expect(field).toHaveAttribute('dir', 'ltr');
    expect(field).toHaveAttribute('inputmode', 'numeric');
  });
});
