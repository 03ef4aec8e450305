/** @jest-environment jsdom */
import { renderHook } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import en from '@locales/en.json';
import { shellMessages } from './client-messages';
import { useErrorText } from './error-text';

function withMessages(messages: Record<string, unknown>) {
  return function Messages({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale="en" messages={messages} onError={() => {}}>
        {children}
      </NextIntlClientProvider>
    );
  };
}

describe('useErrorText', () => {
  it('shows an error the shell was sent in its own words', () => {
    const { result } = renderHook(() => useErrorText(), {
      wrapper: withMessages(shellMessages(en)),
    });
    expect(result.current('newsletterAlreadySaved')).toBe(en.Errors.newsletterAlreadySaved);
    expect(result.current('rateLimited')).toBe(en.Errors.rateLimited);
  });

  it('shows the generic text for an error the shell was not sent, never its key', () => {
    const { result } = renderHook(() => useErrorText(), {
      wrapper: withMessages(shellMessages(en)),
    });
    expect(result.current('couponExpired')).toBe(en.Errors.somethingWentWrong);
  });

  it('uses the whole catalogue where a page sent it', () => {
    const { result } = renderHook(() => useErrorText(), { wrapper: withMessages(en) });
    expect(result.current('couponExpired')).toBe(en.Errors.couponExpired);
  });
});
