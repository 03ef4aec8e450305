import type { ApiFailure } from '@/lib/api/client';
import type { ErrorKey } from '@/lib/api/errors';

// docs/product.md#validation "Publisher form": phone required, digits and spaces only; coupon required.
const PHONE = /^[\d ]+$/;

export type PublisherErrors = { phone?: ErrorKey; coupon?: ErrorKey };

export function publisherErrors(phone: string, coupon: string): PublisherErrors {
  const errors: PublisherErrors = {};
  if (!phone.trim()) errors.phone = 'valueRequired';
  else if (!PHONE.test(phone.trim())) errors.phone = 'invalidEmail'; // "Enter valid value"
  if (!coupon.trim()) errors.coupon = 'valueRequired';
  return errors;
}

// docs/product.md#errors "Publisher": messageCode lowercased names the message, under the publisher's prefix.
export const PUBLISHER_MESSAGES = [
  'sevamedia_parameter_required',
  'sevamedia_invalid_coupon',
] as const;
export type PublisherMessage = (typeof PUBLISHER_MESSAGES)[number];

export function publisherMessage(failure: ApiFailure): PublisherMessage | null {
  const code = failure.body?.messageCode;
  const key = typeof code === 'string' ? code.toLowerCase() : '';
  return (PUBLISHER_MESSAGES as readonly string[]).includes(key) ? (key as PublisherMessage) : null;
}
