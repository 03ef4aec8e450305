import { siAppstore, siGoogleplay, type SimpleIcon } from 'simple-icons';

/** The app stores' marks, from the simple-icons package. */
export const STORE_MARKS = { appStore: siAppstore, googlePlay: siGoogleplay } as const;
export type Store = keyof typeof STORE_MARKS;

/**
 * The marks the landing shows as images (RatingBadge), served by src/app/marks: a drawing of up to 2 KB
 * travels once, cached, instead of twice in every landing page (its HTML and its page data).
 */
export const STORE_MARK_FILES: Record<Store, string> = {
  appStore: 'app-store.svg',
  googlePlay: 'google-play.svg',
};

export const storeMarkUrl = (store: Store) => `/marks/${STORE_MARK_FILES[store]}`;

/** A mark as a standalone SVG file, in the brand's own colour (as BrandMark draws it inline). */
export function markSvg(icon: SimpleIcon): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">' +
    `<path d="${icon.path}" fill="#${icon.hex}"/></svg>`
  );
}

/** The store whose mark a file name is, or null. */
export function storeOfMarkFile(file: string): Store | null {
  const found = Object.entries(STORE_MARK_FILES).find(([, name]) => name === file);
  return found ? (found[0] as Store) : null;
}
