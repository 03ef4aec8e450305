import {
  billingAddressOf,
  CARD_VERIFICATION_AMOUNT,
  threeDSecureAmount,
  threeDSecureMessage,
  verificationEmail,
} from './threeDSecure';

describe('the amount 3-D Secure authenticates', () => {
  it('is the first charge when it is charged at once', () => {
    expect(threeDSecureAmount(7090, false)).toBe('70.90');
    expect(threeDSecureAmount(499, false)).toBe('4.99');
  });
  it('is the card verification when the first days are free (trial, coupon months) or nothing is due', () => {
    expect(threeDSecureAmount(7090, true)).toBe(CARD_VERIFICATION_AMOUNT);
    expect(threeDSecureAmount(0, false)).toBe(CARD_VERIFICATION_AMOUNT);
    expect(CARD_VERIFICATION_AMOUNT).toBe('1.00');
  });
});

describe('what the bank is told of the payer', () => {
  it('splits an ASCII holder name and leaves other names out', () => {
    expect(billingAddressOf('  Sam   Lee Jones ')).toEqual({
      givenName: 'Sam',
      surname: 'Lee Jones',
    });
    expect(billingAddressOf('Cher')).toEqual({ givenName: 'Cher', surname: 'Cher' });
    expect(billingAddressOf('Zoë Müller')).toBeUndefined();
    expect(billingAddressOf('سارة')).toBeUndefined();
    expect(billingAddressOf('')).toBeUndefined();
  });
  it('gives the e-mail unless it is a placeholder', () => {
    expect(verificationEmail('ana@example.com', false)).toBe('ana@example.com');
    expect(verificationEmail('123@store.invalid', true)).toBeUndefined();
    expect(verificationEmail(undefined, undefined)).toBeUndefined();
  });
});

describe('3-D Secure errors', () => {
  it.each([
    ['THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT', 'threeDSecureCancelled'],
    ['THREEDS_LOOKUP_VALIDATION_ERROR', 'tokenizeFailed'],
    ['THREEDS_LOOKUP_ERROR', 'threeDSecureUnavailable'],
    ['HOSTED_FIELDS_FIELDS_EMPTY', null],
  ])('%s -> %s', (code, message) => expect(threeDSecureMessage(code)).toBe(message));
});
