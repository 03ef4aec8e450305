const RTL_LOCALES: readonly string[] = ['ar'];

export type TextDirection = 'rtl' | 'ltr';

export function textDirection(locale: string): TextDirection {
  return RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}
