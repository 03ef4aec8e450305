import { fireEvent, screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { jsonResponse } from '@/test/http';
import { renderWithIntl } from '@/test/render';
import ContactForm from './ContactForm';

const t = en.ContactPage;
const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

function fill(
  values: Partial<Record<'name' | 'email' | 'phone' | 'message', string>>,
  subject = 'need_help',
) {
  const labels = { name: t.name, email: t.email, phone: t.phone, message: t.message };
  Object.entries(values).forEach(([k, v]) =>
    fireEvent.change(screen.getByLabelText(labels[k as keyof typeof labels]), {
      target: { value: v },
    }),
  );
  fireEvent.change(screen.getByLabelText(t.subject), { target: { value: subject } });
  fireEvent.click(screen.getByRole('button', { name: t.submit }));
}

describe('contact form', () => {
  it('sends name, e-mail, phone, subject and message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { status: true }));
    renderWithIntl(<ContactForm />);
    fill({
      name: 'Jane',
      email: ' jane@example.com ',
      phone: '+33 1 23 45 67 89',
      message: 'Hello!',
    });
    expect(await screen.findByText(t.sent)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v4/contact');
    expect(JSON.parse(init.body)).toEqual({
      name: 'Jane',
      email: 'jane@example.com',
      phone: '+33 1 23 45 67 89',
      subject: 'need_help',
      message: 'Hello!',
    });
  });

  it('checks the required fields and the e-mail before sending', () => {
    renderWithIntl(<ContactForm />);
    fill({ name: '', email: 'nope', message: '' }, '');
    expect(screen.getAllByText(en.Errors.valueRequired)).toHaveLength(3);
    expect(screen.getByLabelText(t.email)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says "There was a problem sending your email" on failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, {}));
    renderWithIntl(<ContactForm />);
    fill({ name: 'Jane', email: 'jane@example.com', message: 'Hi' });
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.contactSendFailed);
  });

  it('speaks Arabic', () => {
    renderWithIntl(<ContactForm />, 'ar');
    expect(screen.getByRole('button', { name: ar.ContactPage.submit })).toBeInTheDocument();
  });
});
