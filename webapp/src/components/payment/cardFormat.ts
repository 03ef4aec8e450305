// The card form of docs/product.md#entities and docs/product.md#validation: the number grouped and cut as its brand prints it (American
// Express 4-6-5 and 15 digits, Diners 4-6-4 and 14), checked with the Luhn sum in the form (hosted fields
// do the same in production), expiry written MM / YY, CVV of 3 or 4 digits.

const digitsOf = (value: string) => value.replace(/\D/g, '');

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'other';

/** Per brand: the lengths a number may have and how it is printed on the card. */
export const CARD_LAYOUTS: Record<
  CardBrand,
  { lengths: readonly number[]; groups: readonly number[] }
> = {
  visa: { lengths: [13, 16], groups: [4, 4, 4, 4] },
  mastercard: { lengths: [16], groups: [4, 4, 4, 4] },
  amex: { lengths: [15], groups: [4, 6, 5] },
  diners: { lengths: [14], groups: [4, 6, 4] },
  discover: { lengths: [16], groups: [4, 4, 4, 4] },
  other: { lengths: [12, 13, 14, 15, 16], groups: [4, 4, 4, 4] },
};

/**
 * The brands the payment form takes: the marks it shows and Google Pay's networks (docs/product.md#constants:
 * VISA, MASTERCARD, AMEX). The sandbox form, the hosted fields and the marks all read this list.
 */
export const ACCEPTED_CARD_BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex'];

export function cardBrand(number: string): CardBrand {
  const digits = digitsOf(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'other';
}

/** The longest a number of this brand may be. */
export const maxDigits = (brand: CardBrand) => Math.max(...CARD_LAYOUTS[brand].lengths);

/** The characters the formatted number of this brand may take (digits plus the spaces between groups). */
export const maxFormattedLength = (brand: CardBrand) =>
  maxDigits(brand) + CARD_LAYOUTS[brand].groups.length - 1;

export function formatCardNumber(value: string): string {
  const brand = cardBrand(value);
  const digits = digitsOf(value).slice(0, maxDigits(brand));
  const parts: string[] = [];
  let start = 0;
  for (const size of CARD_LAYOUTS[brand].groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/** A number of a length its brand issues, with a right Luhn sum. */
export function cardNumberValid(number: string): boolean {
  const digits = digitsOf(number);
  return CARD_LAYOUTS[cardBrand(digits)].lengths.includes(digits.length) && luhnValid(digits);
}

/**
 * Typing "1", "12", "122", "1228" gives "1", "12 / ", "12 / 2", "12 / 28"; a leading
 * digit above 1 is a month on its own ("4" -> "04 / "). Deleting into the separator
 * removes it instead of adding it back, so backspace works.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOf(value).slice(0, 4);
  const deleting = value.length < previous.length;
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvv(value: string): string {
  return digitsOf(value).slice(0, 4);
}

export function luhnValid(number: string): boolean {
  const digits = digitsOf(number);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM / YY" that is a real month and not in the past (a card is valid through its month). */
export function expiryValid(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export type CardValues = { number: string; expiry: string; cvv: string; holderName: string };
export type CardField = keyof CardValues;

/** Fields left empty, then fields filled wrongly (docs/product.md#errors: each has its own message). */
export function cardProblems(
  card: CardValues,
  now = new Date(),
): { empty: CardField[]; invalid: CardField[] } {
  const empty = (Object.keys(card) as CardField[]).filter((field) => !card[field].trim());
  const invalid: CardField[] = [];
  const digits = digitsOf(card.number);
  if (card.number && !cardNumberValid(digits)) invalid.push('number');
  if (card.expiry && !expiryValid(card.expiry, now)) invalid.push('expiry');
  const cvvLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (card.cvv && card.cvv.length !== cvvLength) invalid.push('cvv');
  return { empty, invalid };
}
