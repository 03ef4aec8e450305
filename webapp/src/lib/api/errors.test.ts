import en from '@locales/en.json';
import { ERROR_KEYS, errorKeyFromBody } from './errors';

describe('API error keys', () => {
  it('lists exactly the keys of the Errors catalogue', () => {
    expect([...ERROR_KEYS].sort()).toEqual(Object.keys(en.Errors).sort());
  });

  it('uses the message key the API returns', () => {
    expect(errorKeyFromBody({ code: 5, message: 'emailTaken' })).toBe('emailTaken');
  });

  it.each([null, 'oops', {}, { code: 9, message: 'notAKey' }, { message: 'toString' }])(
    'falls back to the generic message for %p',
    (body) => {
      expect(errorKeyFromBody(body)).toBe('somethingWentWrong');
    },
  );
});
