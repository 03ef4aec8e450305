import {
  newPasswordError,
  passwordError,
  passwordStrength,
  PASSWORD_MIN_LENGTH,
} from './validation';
import de from '@locales/de.json';

describe('the password rule, one place for every form that sets one', () => {
  it('needs at least 8 characters, counted as the parent sees them', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordError('')).toBe('valueRequired');
    expect(passwordError('a')).toBe('passwordTooShort');
    expect(passwordError('1234567')).toBe('passwordTooShort');
    expect(passwordError('12345678')).toBeNull();
    expect(passwordError('😀😀😀😀😀😀😀')).toBe('passwordTooShort'); // 7 characters, 14 UTF-16 units
  });

  it('is part of the change and reset rule, before the match check', () => {
    expect(newPasswordError('short', 'short')).toBe('passwordTooShort');
    expect(newPasswordError('long enough', 'long enougH')).toBe('passwordsMismatch');
    expect(newPasswordError('long enough', 'long enough')).toBeNull();
    expect(newPasswordError('', 'x')).toBe('fillField');
  });

  it('grades the strength shown in the hint', () => {
    expect(passwordStrength('abc')).toBe('tooShort');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcdefghij')).toBe('fair');
    expect(passwordStrength('Abcdef12')).toBe('fair');
    expect(passwordStrength('Correct-Horse-7')).toBe('strong');
  });

  it('has its message in German too', () => {
    expect(de.Errors.passwordTooShort).toContain('8');
  });
});
