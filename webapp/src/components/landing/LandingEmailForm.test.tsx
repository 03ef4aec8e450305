import { fireEvent, screen } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { resetNavigation, router } from '@/test/navigation';
import { saveConsent } from '@/lib/consent';
import { renderWithIntl } from '@/test/render';
import LandingEmailForm from './LandingEmailForm';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const fetchMock = jest.fn();
beforeEach(() => {
  resetNavigation();
  window.sessionStorage.clear();
  window.localStorage.clear();
  fetchMock.mockReset().mockResolvedValue({ ok: true });
  global.fetch = fetchMock;
});

function start(email: string, labels = en.HomePage.emailForm) {
  fireEvent.change(screen.getByLabelText(labels.label), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

describe('landing e-mail form (docs/product.md#flows, docs/product.md#validation)', () => {
  it('says "Value Required" when empty', () => {
    renderWithIntl(<LandingEmailForm id="hero" />);
    start('');
    expect(screen.getByRole('alert')).toHaveTextContent('Value Required');
    expect(router.push).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says "Enter valid value" for a malformed address', () => {
    renderWithIntl(<LandingEmailForm id="hero" />);
    start('jane.example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter valid value');
    expect(screen.getByLabelText(en.HomePage.emailForm.label)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(router.push).not.toHaveBeenCalled();
  });

  it('keeps the e-mail, sends START_FREE_TRIAL and goes to register', () => {
    saveConsent({ analytics: true, marketing: false }); // Analytics only with consent
    renderWithIntl(<LandingEmailForm id="footer" />);
    start(' jane@example.com ');
    expect(window.sessionStorage.getItem('landingEmail')).toBe('jane@example.com');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0][1].body).event).toBe('START_FREE_TRIAL');
    expect(router.push).toHaveBeenCalledWith('/register');
  });

  it('still goes to register, without analytics, when analytics cookies were refused', () => {
    saveConsent({ analytics: false, marketing: false });
    renderWithIntl(<LandingEmailForm id="footer" />);
    start('jane@example.com');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(router.push).toHaveBeenCalledWith('/register');
  });

  it('speaks Arabic', () => {
    renderWithIntl(<LandingEmailForm id="hero" />, 'ar');
    start('', ar.HomePage.emailForm);
    expect(screen.getByRole('alert')).toHaveTextContent(ar.Errors.valueRequired);
  });
});
