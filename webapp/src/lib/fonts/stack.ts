import { textDirection } from '@/i18n/direction';

// What a next/font loader gives: its family name then the metric-adjusted fallback, e.g.
// "'__Nunito_1a2b3c', '__Nunito_Fallback_1a2b3c'".
export type LoadedFont = { style: { fontFamily: string } };

/**
 * lib/fonts/fallback.css: local fonts sized to Nunito's widths at each weight, Arial or its metric
 * twins (Windows, Apple, ChromeOS, Linux) then Roboto (Android), while Nunito loads.
 */
export const NUNITO_FALLBACKS = "'Lumo Fallback', 'Lumo Fallback Roboto'";

/** The platform fonts after ours, while a face loads or for a script none of ours covers. */
export const SYSTEM_FONTS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Tahoma, Arial, sans-serif";

function names(font: LoadedFont): { face: string; fallback: string | null } {
  const [face, fallback] = font.style.fontFamily.split(',').map((part) => part.trim());
  return { face, fallback: fallback || null };
}

/**
 * The page's font stack. Each face covers one script (its unicode-range), so the browser fetches
 * only the files a page's text needs. The metric-adjusted fallback must come after every face: a
 * fallback (a local Arial) covers every script, so one placed between the faces would catch the
 * later scripts' letters. In Arabic, Tajawal's (next/font's local Arial) comes first; the Latin and
 * Cyrillic faces have no next/font fallback (lib/fonts/fonts.ts) but the Nunito-sized ones.
 */
export function fontStack(
  locale: string,
  fonts: { latin: LoadedFont; cyrillic: LoadedFont; arabic: LoadedFont },
): string {
  const latin = names(fonts.latin);
  const cyrillic = names(fonts.cyrillic);
  const arabic = names(fonts.arabic);
  const rtl = textDirection(locale) === 'rtl';
  const faces = rtl
    ? [arabic.face, latin.face, cyrillic.face]
    : [latin.face, cyrillic.face, arabic.face];
  const fallback = rtl ? arabic.fallback : latin.fallback;
  return [...faces, ...(fallback ? [fallback] : []), NUNITO_FALLBACKS, SYSTEM_FONTS].join(', ');
}
