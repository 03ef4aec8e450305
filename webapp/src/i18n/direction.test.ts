import { textDirection } from './direction';
import { routing } from './routing';

describe('textDirection', () => {
  it('is right to left for Arabic', () => {
    expect(textDirection('ar')).toBe('rtl');
  });

  it.each(routing.locales.filter((l) => l !== 'ar'))('is left to right for %s', (locale) => {
    expect(textDirection(locale)).toBe('ltr');
  });
});
