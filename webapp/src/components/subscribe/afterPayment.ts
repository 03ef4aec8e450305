import { webAppOf, type WebApp } from '@/lib/startup/decide';

// docs/product.md#flows "Payment success (200)": conversion events only for a first
// subscription; then the TV folder (for a TV plan), the calling app, or the profile.

export type Destination =
  { kind: 'tvFolder'; folderId: string } | { kind: 'app'; app: WebApp } | { kind: 'profile' };

export type AfterPaymentInput = {
  hadActiveSubscription: boolean;
  product: string; // what was bought, e.g. lumo_tv_books
  storedTvFolder: string | null;
  storedApp: string | null;
};

export function afterPayment(input: AfterPaymentInput): {
  conversion: boolean;
  destination: Destination;
} {
  const conversion = !input.hadActiveSubscription;
  const hasTv = input.product.split('_').slice(1).includes('tv');
  if (input.storedTvFolder && hasTv)
    return { conversion, destination: { kind: 'tvFolder', folderId: input.storedTvFolder } };
  const app = webAppOf(input.storedApp);
  if (app) return { conversion, destination: { kind: 'app', app } };
  return { conversion, destination: { kind: 'profile' } };
}

/** Ad conversion tags listen for this event (a tag manager, once consent allows it). */
export const CONVERSION_EVENT = 'lumo:conversion';

export function fireConversion(detail: {
  product: string;
  period: string;
  currency: string;
  value: number;
}): void {
  window.dispatchEvent(new CustomEvent(CONVERSION_EVENT, { detail }));
}
