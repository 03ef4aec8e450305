'use client';

import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  IntlErrorCode,
  NextIntlClientProvider,
  useLocale,
  useMessages,
  type IntlError,
} from 'next-intl';
import { getPathname } from './navigation';
import { mergeMessages, type Messages } from './client-messages';
import { ERROR_TEXTS_PATH } from './error-texts';
import type { Locale } from './routing';

const ERRORS = 'Errors';
type Load = 'idle' | 'loading' | 'failed';

// One fetch per locale and page load, whichever component asks first.
const loads = new Map<Locale, Promise<Messages>>();

export function loadErrorTexts(locale: Locale): Promise<Messages> {
  let load = loads.get(locale);
  if (!load) {
    load = fetch(getPathname({ locale, href: ERROR_TEXTS_PATH }), {
      headers: { Accept: 'application/json' },
    })
      .then((response) => {
        if (!response.ok) throw new Error(`error texts: ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .catch((error: unknown) => {
        loads.delete(locale); // asked again by the next error shown
        throw error;
      });
    loads.set(locale, load);
  }
  return load;
}

/**
 * Inside the locale layout's provider (whose locale, time zone and formats it inherits), its messages —
 * what the server sends, i18n/client-messages.ts — and, once a component asks for an error text that
 * did not come with the page, the whole Errors namespace, fetched then (issue 20: i18n/error-texts.ts).
 * Until it arrives such a text is empty — an alert fills in a moment later — and if it cannot be fetched
 * (offline) it is the generic "something went wrong" that the shell always sends. Providers below
 * (MergeMessages) inherit both.
 */
export default function ClientIntlProvider({ children }: { children: ReactNode }) {
  const locale = useLocale() as Locale;
  const messages = useMessages() as Messages;
  const [errorTexts, setErrorTexts] = useState<Messages | null>(null);
  const [load, setLoad] = useState<Load>('idle');

  useEffect(() => {
    if (load !== 'loading' || errorTexts) return undefined;
    let live = true;
    loadErrorTexts(locale).then(
      (texts) => live && setErrorTexts(texts),
      () => live && setLoad('failed'),
    );
    return () => {
      live = false;
    };
  }, [load, errorTexts, locale]);

  const merged = useMemo(
    () => (errorTexts ? mergeMessages(messages, { [ERRORS]: errorTexts }) : messages),
    [messages, errorTexts],
  );

  const missingError = useCallback(
    (error: IntlError) => error.code === IntlErrorCode.MISSING_MESSAGE && !errorTexts,
    [errorTexts],
  );
  const onError = useCallback(
    (error: IntlError) => {
      // An error text not sent with the page: fetched now, shown when it comes.
      if (missingError(error) && error.message.includes(`${ERRORS}.`)) return;
      console.error(error);
    },
    [missingError],
  );
  const getMessageFallback = useCallback(
    ({ namespace, key }: { namespace?: string; key: string }) => {
      const path = namespace ? `${namespace}.${key}` : key;
      if (!errorTexts && (namespace === ERRORS || path.startsWith(`${ERRORS}.`))) {
        // Called while a component renders: the fetch starts once this render is done.
        if (load === 'idle')
          queueMicrotask(() => setLoad((now) => (now === 'idle' ? 'loading' : now)));
        if (load === 'failed') {
          const generic = (messages[ERRORS] as Messages | undefined)?.somethingWentWrong;
          return typeof generic === 'string' ? generic : '';
        }
        return '';
      }
      return path;
    },
    [errorTexts, load, messages],
  );

  return (
    <NextIntlClientProvider
      locale={locale}
      messages={merged}
      onError={onError}
      getMessageFallback={getMessageFallback}
    >
      {children}
    </NextIntlClientProvider>
  );
}
