import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import en from '@locales/en.json';
import type { ErrorKey } from '@/lib/api/errors';
import ClientIntlProvider from './ClientIntlProvider';
import { shellMessages } from './client-messages';
import MergeMessages from './MergeMessages';
import type { Locale } from './routing';

function ErrorAlert({ errorKey }: { errorKey: ErrorKey }) {
  const t = useTranslations('Errors');
  return <p role="alert">{t(errorKey)}</p>;
}

// Each test its own locale: the fetch is kept per locale for the page's life.
function renderShell(locale: Locale, errorKey: ErrorKey) {
  return render(
    <NextIntlClientProvider locale={locale} messages={shellMessages(en)}>
      <ClientIntlProvider>
        {/* A page's own messages on top, as PageMessages adds them. */}
        <MergeMessages messages={{ LoginPage: en.LoginPage }}>
          <ErrorAlert errorKey={errorKey} />
        </MergeMessages>
      </ClientIntlProvider>
    </NextIntlClientProvider>,
  );
}

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

describe('ClientIntlProvider (issue 20: error texts on demand)', () => {
  it('shows an error text sent with the page at once, without fetching', () => {
    renderShell('de', 'invalidEmail');
    expect(screen.getByRole('alert')).toHaveTextContent(en.Errors.invalidEmail);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the error texts once for one the page did not bring, and shows it', async () => {
    fetchMock.mockResolvedValue({ ok: true, json: async () => en.Errors });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderShell('fr', 'emailTaken');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(await screen.findByText(en.Errors.emailTaken)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/fr/error-texts');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('shows the generic text when the error texts cannot be fetched', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    renderShell('it', 'emailTaken');
    expect(await screen.findByText(en.Errors.somethingWentWrong)).toBeInTheDocument();
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
