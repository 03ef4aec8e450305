import {
  cardBrand,
  cardNumberValid,
  cardProblems,
  expiryValid,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  luhnValid,
  maxFormattedLength,
} from './cardFormat';

describe('card number', () => {
  it.each([
    ['4111', '4111'],
    ['41111', '4111 1'],
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111 1111-1111.1111', '4111 1111 1111 1111'],
    ['41111111111111119999', '4111 1111 1111 1111'], // cut at 16 digits
    ['abc', ''],
    ['', ''],
    // Each brand as printed on its cards.
    ['378282246310005', '3782 822463 10005'], // American Express 4-6-5
    ['3782822463100059999', '3782 822463 10005'], // cut at 15 digits
    ['37828', '3782 8'],
    ['3782822', '3782 822'],
    ['30569309025904', '3056 930902 5904'], // Diners 4-6-4
    ['5555555555554444', '5555 5555 5555 4444'],
  ])('%s -> "%s"', (typed, shown) => expect(formatCardNumber(typed)).toBe(shown));

  it('lets the field hold exactly one formatted number of the brand typed', () => {
    expect(maxFormattedLength(cardBrand('37'))).toBe(17);
    expect(maxFormattedLength(cardBrand('41'))).toBe(19);
  });

  it('accepts only the lengths a brand issues, with a right Luhn sum', () => {
    expect(cardNumberValid('4111 1111 1111 1111')).toBe(true);
    expect(cardNumberValid('3782 822463 10005')).toBe(true);
    expect(cardNumberValid('4111 1111 1111 1112')).toBe(false); // Luhn
    expect(cardNumberValid('3782 822463 1000')).toBe(false); // Amex of 14 digits
    expect(cardNumberValid('5555 5555 5555 444')).toBe(false); // Mastercard of 15 digits
    expect(cardNumberValid('4222222222222')).toBe(true); // Visa of 13 digits
  });

  it('checks the Luhn sum', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(luhnValid('4111')).toBe(false);
  });

  it.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223000048400011', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3530111333300000', 'other'],
    ['30569309025904', 'diners'],
  ])('%s is %s', (number, brand) => expect(cardBrand(number)).toBe(brand));
});

describe('expiry MM / YY', () => {
  it.each([
    ['1', '', '1'],
    ['12', '1', '12 / '],
    ['12 / 2', '12 / ', '12 / 2'],
    ['12 / 28', '12 / 2', '12 / 28'],
    ['12 / 289', '12 / 28', '12 / 28'], // no more than four digits
    ['4', '', '04 / '], // a month of one digit
    ['1228', '', '12 / 28'], // pasted
    ['12 /', '12 / ', '12'], // backspace over the separator
    ['1', '12', '1'],
  ])('typing "%s" after "%s" shows "%s"', (typed, before, shown) =>
    expect(formatExpiry(typed, before)).toBe(shown),
  );

  const now = new Date(2026, 10, 22); // 22 November 2026
  it.each([
    ['11 / 26', true],
    ['12 / 30', true],
    ['10 / 26', false],
    ['13 / 27', false],
    ['00 / 27', false],
    ['1226', false],
  ])('%s valid: %s', (expiry, valid) => expect(expiryValid(expiry, now)).toBe(valid));
});

describe('CVV', () => {
  it('keeps at most four digits', () => {
    expect(formatCvv('12a3')).toBe('123');
    expect(formatCvv('123456')).toBe('1234');
  });
});

describe('card problems', () => {
  const now = new Date(2026, 10, 22);
  const card = {
    number: '4111 1111 1111 1111',
    expiry: '12 / 28',
    cvv: '123',
    holderName: 'Sam Lee',
  };

  it('accepts a complete card', () => {
    expect(cardProblems(card, now)).toEqual({ empty: [], invalid: [] });
  });
  it('lists empty fields', () => {
    expect(cardProblems({ ...card, cvv: '', holderName: ' ' }, now).empty).toEqual([
      'cvv',
      'holderName',
    ]);
  });
  it('lists invalid fields', () => {
    expect(
      cardProblems({ ...card, number: '4111 1111', expiry: '01 / 20', cvv: '12' }, now).invalid,
    ).toEqual(['number', 'expiry', 'cvv']);
  });
  it('catches a Luhn typo in the form, before any gateway call', () => {
    expect(cardProblems({ ...card, number: '4111 1111 1111 1121' }, now).invalid).toEqual([
      'number',
    ]);
  });
  it('wants four CVV digits for American Express', () => {
    expect(
      cardProblems({ ...card, number: '3782 8224 6310 005', cvv: '123' }, now).invalid,
    ).toEqual(['cvv']);
    expect(
      cardProblems({ ...card, number: '3782 8224 6310 005', cvv: '1234' }, now).invalid,
    ).toEqual([]);
  });
});
