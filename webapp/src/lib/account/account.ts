// The account answer of GET /v5/subscriptions (docs/product.md#entities and docs/product.md#api), as the API sends it.
export type CancelRoute =
  | { method: 'in_app'; path: string; operator?: string; url?: string }
  | { method: 'store_page' | 'help'; url: string }
  | { method: 'none' };

export type Subscription = {
  id: number;
  subscriptionId: number;
  durationCode: string;
  subscriptionType: string;
  paymentPlanPrice: string | null;
  // docs/billing.md#one-price-truth: what the next charge takes (the discounted price while a discount
  // runs), the plan's full price, and while a discount runs the first charge at the full price.
  currentPrice?: string | null;
  fullPrice?: string | null;
  fullPriceFrom?: string | null;
  discountCyclesLeft?: number;
  currency: string | null;
  isRenewing: boolean;
  paymentPlanId: string | null;
  endDate: string | null;
  paymentStateId: string;
  platformPurchadeId: string | null;
  storeId: string;
  isExpired: boolean;
  nextBillingDate: string | null;
  paymentMethod: string | null;
  coupon: string | null;
  cancel: CancelRoute;
  canChangePlan: boolean;
  cancelledAt: string | null;
  couponDurationCode?: string | null;
  // What the gateway reported of the payment method (brand + last four, or a masked PayPal e-mail).
  paymentCard?: { brand: string | null; last4: string } | null;
  paymentEmail?: string | null;
};

export type Account = {
  email: string;
  name: string;
  emailIsConfirmed: boolean;
  isEmailFake: boolean;
  emailLanguage?: string; // The language of the e-mails
  emailLanguageChosen?: boolean; // chosen in the profile: the site language no longer moves it
  subscriptions: Subscription[];
};

/** Premium means at least one non-expired subscription (docs/product.md#flows). */
export function isPremium(subscriptions: readonly Subscription[]): boolean {
  return subscriptions.some((s) => !s.isExpired);
}

/** The apps (tv, books, games) a family can use now. */
export function appsWithAccess(subscriptions: readonly Subscription[]): Set<string> {
  const apps = new Set<string>();
  subscriptions
    .filter((s) => !s.isExpired)
    .forEach((s) =>
      s.subscriptionType
        .split('_')
        .slice(1)
        .forEach((app) => apps.add(app)),
    );
  return apps;
}
