import { SYSTEM_FONTS, fontStack } from './stack';

const font = (name: string) => ({
  style: { fontFamily: `'__${name}_abc123', '__${name}_Fallback_abc123'` },
});
const FONTS = { latin: font('Latin'), cyrillic: font('Cyrillic'), arabic: font('Arabic') };

describe('the font stack of a page', () => {
  it('lists every script face before any fallback, Latin first in a left-to-right language', () => {
    expect(fontStack('ru', FONTS)).toBe(
      `'__Latin_abc123', '__Cyrillic_abc123', '__Arabic_abc123', '__Latin_Fallback_abc123', ${SYSTEM_FONTS}`,
    );
    expect(fontStack('en', FONTS)).toBe(fontStack('de', FONTS));
  });

  it('puts the Arabic face and the fallback adjusted to it first in Arabic', () => {
    expect(fontStack('ar', FONTS)).toBe(
      `'__Arabic_abc123', '__Latin_abc123', '__Cyrillic_abc123', '__Arabic_Fallback_abc123', ${SYSTEM_FONTS}`,
    );
  });

  it('does without a fallback when a face has none', () => {
    const bare = { ...FONTS, latin: { style: { fontFamily: "'__Latin_abc123'" } } };
    expect(fontStack('en', bare)).toBe(
      `'__Latin_abc123', '__Cyrillic_abc123', '__Arabic_abc123', ${SYSTEM_FONTS}`,
    );
  });
});
