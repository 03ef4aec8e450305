import { routing } from './routing';

describe('routing', () => {
  it('offers the nine interface languages', () => {
    expect([...routing.locales]).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'nl', 'pt', 'ru']);
  });

  it('defaults to English without a prefix', () => {
    expect(routing.defaultLocale).toBe('en');
    expect(routing.localePrefix).toBe('as-needed');
  });

  it('detects the language from the browser', () => {
    expect(routing.localeDetection).toBe(true);
  });
});
