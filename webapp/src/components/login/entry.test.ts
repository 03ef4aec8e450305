import { entryDestination, loginDestination } from './entry';

describe('entry rules of the public pages (docs/product.md#flows, docs/product.md#roles)', () => {
  it.each([
    ['register', false, 'none', false, null],
    ['register', true, 'none', false, '/login'],
    ['register', false, 'free', false, '/subscribe'],
    ['register', false, 'premium', false, '/'],
    ['register', false, 'premium', true, null],
    ['login', true, 'none', false, null],
    ['login', false, 'free', false, '/subscribe'],
    ['login', false, 'premium', false, '/'],
  ] as const)(
    '%s, TV %s, account %s, called back %s -> %s',
    (rule, isTv, account, calledBack, to) => {
      expect(entryDestination(rule, isTv, account, calledBack)).toBe(to);
    },
  );

  it('sends a freshly logged-in parent to the profile or to subscribe', () => {
    expect(loginDestination(true)).toBe('/');
    expect(loginDestination(false)).toBe('/subscribe');
  });
});
