import localFont from 'next/font/local';

// Self-hosted from the npm font packages (SIL Open Font License), one file per script: Nunito (a
// rounded, friendly sans; variable weight, so one file serves every weight) for Latin and Cyrillic,
// Tajawal for Arabic. unicode-range lets the browser fetch only what a page's text uses; swap shows
// a metric-adjusted fallback at once, so the swap moves nothing (docs/brand.md): for Nunito the faces
// of lib/fonts/fallback.css (Arial or its twins, or Roboto, sized per weight), for Tajawal next/font's
// own (a local Arial it measures against the file).
// Every option is spelled out as a literal: next/font reads them when the app is built. The ranges
// are Fontsource's (unicode.json in each package).

export const nunitoLatin = localFont({
  src: '../../../node_modules/@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2',
  weight: '200 1000',
  display: 'swap',
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
    },
  ],
  // Not next/font's fallback (one local Arial sized for the regular weight): fallback.css's.
  adjustFontFallback: false,
  // Not preloaded: the CSS is inline (next.config.ts), so the browser asks for the file as soon as
  // it lays out the first text anyway. Preloaded, it came in among the scripts and the first frame
  // waited for it (first paint about 200 ms after the request instead of 100 on loopback): Lighthouse
  // mobile on /login 94 -> 98, TBT 196 -> 112 ms (median of 5, docs/web-speed.md).
  preload: false,
});

export const nunitoCyrillic = localFont({
  src: '../../../node_modules/@fontsource-variable/nunito/files/nunito-cyrillic-wght-normal.woff2',
  weight: '200 1000',
  display: 'swap',
  declarations: [
    { prop: 'unicode-range', value: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116' },
  ],
  adjustFontFallback: false, // as Latin's
  preload: false,
});

export const tajawalArabic = localFont({
  src: [
    {
      path: '../../../node_modules/@fontsource/tajawal/files/tajawal-arabic-400-normal.woff2',
      weight: '400',
    },
    {
      path: '../../../node_modules/@fontsource/tajawal/files/tajawal-arabic-700-normal.woff2',
      weight: '700',
    },
  ],
  display: 'swap',
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
    },
  ],
  adjustFontFallback: 'Arial',
  preload: false,
});
