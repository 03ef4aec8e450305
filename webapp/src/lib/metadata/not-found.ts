import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/** The not-found page's metadata (a real title in the visitor's language), for both the
 * not-found boundary and the catch-all route that sends unknown paths to it. */
export async function notFoundMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFoundPage');
  return { title: t('title'), robots: { index: false, follow: true } };
}
