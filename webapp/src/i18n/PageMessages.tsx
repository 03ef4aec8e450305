import type { ReactNode } from 'react';
import { getMessages } from 'next-intl/server';
import { pickMessages } from './client-messages';
import MergeMessages from './MergeMessages';

type Props = { namespaces: readonly string[]; children: ReactNode };

/**
 * Sends the client components below it the catalogue namespaces they read beyond the shell's
 * (see client-messages.ts): each page carries its own texts, not every page's.
 */
export default async function PageMessages({ namespaces, children }: Props) {
  return (
    <MergeMessages messages={pickMessages(await getMessages(), namespaces)}>
      {children}
    </MergeMessages>
  );
}
