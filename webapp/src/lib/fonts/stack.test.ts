import fs from 'node:fs';
import path from 'node:path';
import { NUNITO_FALLBACKS, SYSTEM_FONTS, fontStack } from './stack';

const font = (name: string) => ({
  style: { fontFamily: `'__${name}_abc123', '__${name}_Fallback_abc123'` },
});
const FONTS = { latin: font('Latin'), cyrillic: font('Cyrillic'), arabic: font('Arabic') };

describe('the font stack of a page', () => {
  it('lists every script face before any fallback, Latin first in a left-to-right language', () => {
    expect(fontStack('ru', FONTS)).toBe(
      `'__Latin_abc123', '__Cyrillic_abc123', '__Arabic_abc123', '__Latin_Fallback_abc123', ${NUNITO_FALLBACKS}, ${SYSTEM_FONTS}`,
    );
    expect(fontStack('en', FONTS)).toBe(fontStack('de', FONTS));
  });

  it('puts the Arabic face and the fallback adjusted to it first in Arabic', () => {
    expect(fontStack('ar', FONTS)).toBe(
      `'__Arabic_abc123', '__Latin_abc123', '__Cyrillic_abc123', '__Arabic_Fallback_abc123', ${NUNITO_FALLBACKS}, ${SYSTEM_FONTS}`,
    );
  });

  it('names the Nunito-sized families of fallback.css, each at every weight the site uses', () => {
    const css = fs.readFileSync(path.join(__dirname, 'fallback.css'), 'utf8');
    const families = NUNITO_FALLBACKS.split(', ').map((name) => name.replace(/'/g, ''));
    expect(families).toHaveLength(2);
    for (const family of families) {
      const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)]
        .map((match) => match[1])
        .filter((face) => face.includes(`font-family: '${family}';`));
      const weights = faces.map((face) => /font-weight: ([^;]+);/.exec(face)?.[1]);
      expect(weights).toEqual(['100 500', '600', '700', '800 1000']);
      faces.forEach((face) => expect(face).toMatch(/src:\s+local\('/));
    }
  });

  it('does without a next/font fallback when a face has none (Nunito: lib/fonts/fonts.ts)', () => {
    const bare = { ...FONTS, latin: { style: { fontFamily: "'__Latin_abc123'" } } };
    expect(fontStack('en', bare)).toBe(
      `'__Latin_abc123', '__Cyrillic_abc123', '__Arabic_abc123', ${NUNITO_FALLBACKS}, ${SYSTEM_FONTS}`,
    );
  });
});
