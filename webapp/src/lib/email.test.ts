import { emailError, isValidEmail } from './email';

describe('e-mail rule (docs/product.md#validation)', () => {
  it('requires a value', () => {
    expect(emailError('')).toBe('valueRequired');
    expect(emailError('   ')).toBe('valueRequired');
  });

  it.each(['jane', 'jane@', 'jane@example', '@example.com', 'ja ne@example.com'])(
    'refuses %p',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
      expect(emailError(value)).toBe('invalidEmail');
    },
  );

  it.each(['jane@example.com', ' jane.doe+kids@mail.example.fr '])('accepts %p', (value) => {
    expect(emailError(value)).toBeNull();
  });
});
