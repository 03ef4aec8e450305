import { fireEvent, screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import NewsletterForm from './NewsletterForm';

const t = en.Newsletter;
const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function signUp(email: string) {
  fireEvent.change(screen.getByLabelText(t.label), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: t.submit }));
}

describe('newsletter sign-up', () => {
  it('saves the address with the page language', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: true }));
    renderWithIntl(<NewsletterForm />);
    signUp(' jane@example.com ');
    expect(await screen.findByText(t.saved)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v4/newsletter');
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
      email: 'jane@example.com',
      language: 'en',
    });
  });

  it('says when the address is already signed up', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 1, message: 'newsletterAlreadySaved' }));
    renderWithIntl(<NewsletterForm />);
    signUp('jane@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.newsletterAlreadySaved);
  });

  it('checks the address before calling the API', () => {
    renderWithIntl(<NewsletterForm />);
    signUp('jane');
    expect(screen.getByRole('alert')).toHaveTextContent(en.Errors.invalidEmail);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Arabic', () => {
    renderWithIntl(<NewsletterForm />, 'ar');
    expect(screen.getByRole('button', { name: ar.Newsletter.submit })).toBeInTheDocument();
  });
});
