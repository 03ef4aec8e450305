import { appendForwardedFor } from './forwarded.mjs';

describe('appendForwardedFor', () => {
  it('appends the address this hop saw to what the client sent', () => {
    expect(appendForwardedFor('6.6.6.6', '203.0.113.7')).toBe('6.6.6.6, 203.0.113.7');
    expect(appendForwardedFor(['6.6.6.6', '7.7.7.7'], '203.0.113.7')).toBe(
      '6.6.6.6, 7.7.7.7, 203.0.113.7',
    );
  });
  it('starts the header when there is none, and unwraps IPv4-mapped addresses', () => {
    expect(appendForwardedFor(undefined, '::ffff:127.0.0.1')).toBe('127.0.0.1');
  });
});
