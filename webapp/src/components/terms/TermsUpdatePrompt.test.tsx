import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { marketingUrl } from '@/components/layout/marketing';
import { api } from '@/lib/api/client';
import { jsonResponse } from '@/test/http';
import { resetNavigation } from '@/test/navigation';
import { renderWithIntl } from '@/test/render';
import TermsUpdatePrompt from './TermsUpdatePrompt';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const t = en.TermsUpdate;
const fetchMock = jest.fn();

beforeEach(() => {
  resetNavigation();
  window.localStorage.clear();
  window.localStorage.setItem('kidj_ut', 'tok');
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

// Any API call answering 403 termsUpdate opens the prompt.
async function triggerTermsUpdate(version = '2026-11') {
  fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 9, message: 'termsUpdate', version }));
  await act(async () => {
    await api.GET('/v5/subscriptions');
  });
}

describe('terms-update prompt', () => {
  it('stays closed until an API call answers 403 termsUpdate', async () => {
    renderWithIntl(<TermsUpdatePrompt onAccepted={jest.fn()} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 4, message: 'loginNeeded' }));
    await act(async () => {
      await api.GET('/v5/subscriptions');
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('blocks the page with the version, the terms link and a logout way out', async () => {
    renderWithIntl(<TermsUpdatePrompt onAccepted={jest.fn()} />);
    await triggerTermsUpdate('2026-11');
    const dialog = screen.getByRole('alertdialog', { name: t.title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('2026-11');
    expect(screen.getByRole('link', { name: t.readTerms })).toHaveAttribute(
      'href',
      marketingUrl('en', 'terms'),
    );
    expect(screen.getByRole('link', { name: t.logout })).toHaveAttribute('href', '/logout');
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('records the acceptance of that version, then reloads', async () => {
    const onAccepted = jest.fn();
    renderWithIntl(<TermsUpdatePrompt onAccepted={onAccepted} />);
    await triggerTermsUpdate('2026-11');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { terms: { version: '2026-11' } }));
    fireEvent.click(screen.getByRole('button', { name: t.accept }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/v5/terms/accept');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ version: '2026-11' });
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the version in force when the terms changed again meanwhile', async () => {
    const onAccepted = jest.fn();
    renderWithIntl(<TermsUpdatePrompt onAccepted={onAccepted} />);
    await triggerTermsUpdate('2026-11');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { code: 1, message: 'termsVersionOutdated', version: '2026-12' }),
    );
    fireEvent.click(screen.getByRole('button', { name: t.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Errors.termsVersionOutdated);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('2026-12');
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('closes when the parent chooses to log out instead', async () => {
    renderWithIntl(<TermsUpdatePrompt onAccepted={jest.fn()} />);
    await triggerTermsUpdate();
    const logout = screen.getByRole('link', { name: t.logout });
    logout.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
    fireEvent.click(logout);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    renderWithIntl(<TermsUpdatePrompt onAccepted={jest.fn()} />, 'ar');
    await triggerTermsUpdate();
    expect(screen.getByRole('alertdialog', { name: ar.TermsUpdate.title })).toBeInTheDocument();
  });
});
