'use client';

import { useMemo, type ReactNode } from 'react';
import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { mergeMessages, type Messages } from './merge-messages';

/** The messages of the provider above, with `messages` added; locale, time zone and formats are inherited. */
export default function MergeMessages({
  messages,
  children,
}: {
  messages: Messages;
  children: ReactNode;
}) {
  const locale = useLocale();
  const inherited = useMessages() as Messages;
  const merged = useMemo(() => mergeMessages(inherited, messages), [inherited, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
