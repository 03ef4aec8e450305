import { screen, within } from '@testing-library/react';
import ar from '@locales/ar.json';
import en from '@locales/en.json';
import { subscription } from '@/test/accounts';
import { renderWithIntl } from '@/test/render';
import SubscriptionCard from './SubscriptionCard';
import { couponLeft } from './visibility';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const card = (locale: 'en' | 'ar' = 'en', overrides = {}) => {
  renderWithIntl(
    <SubscriptionCard
      subscription={subscription(overrides)}
      isTv={false}
      coveredApps={new Set()}
    />,
    locale,
  );
  return screen.getByRole('article');
};

describe('each subscription on the profile says what it costs and how it is paid', () => {
  it('shows the price and currency, the card brand and last four digits', () => {
    const article = card('en', {
      paymentPlanPrice: '70.90',
      currency: 'USD',
      durationCode: 'P1Y',
      paymentCard: { brand: 'Visa', last4: '1881' },
      paymentStateId: 'Active',
    });
    expect(within(article).getByText('$70.90 per year')).toBeInTheDocument();
    expect(within(article).getByText('Visa ending in 1881')).toBeInTheDocument();
    expect(
      within(article).getByText(
        en.ProfilePage.dateLabel.replace(/.*nextInvoice \{([^}]*)\}.*/, '$1'),
      ),
    ).toBeInTheDocument();
  });

  it('names the wallet before the card behind it (Google Pay)', () => {
    const article = card('en', {
      paymentMethod: 'google_pay',
      paymentCard: { brand: 'Visa', last4: '1111' },
    });
    expect(within(article).getByText('Google Pay · Visa ending in 1111')).toBeInTheDocument();
  });

  it('shows a masked PayPal e-mail, never a full one', () => {
    const article = card('en', { paymentMethod: 'paypal', paymentEmail: 'j•••@paypal.com' });
    expect(within(article).getByText('PayPal account j•••@paypal.com')).toBeInTheDocument();
  });

  it('shows how long a coupon still runs', () => {
    const now = Date.now();
    const article = card('en', {
      coupon: 'LUMO-STORIES',
      paymentStateId: 'Trial',
      endDate: new Date(now + 10 * 86_400_000 - 60_000).toISOString(),
    });
    expect(within(article).getByText(/10 days left/)).toBeInTheDocument();
    expect(
      couponLeft(
        subscription({ coupon: 'LUMO-HALF', paymentStateId: 'Active', couponDurationCode: 'P3M' }),
        new Date(),
      ),
    ).toEqual({ kind: 'discount', count: 3, unit: 'month' });
  });

  it('speaks Arabic, with the amount formatted for it', () => {
    const article = card('ar', {
      paymentPlanPrice: '4.99',
      currency: 'EUR',
      paymentCard: { brand: 'Visa', last4: '1881' },
    });
    expect(within(article).getByText(ar.ProfilePage.priceLabel)).toBeInTheDocument();
    expect(article.textContent).toContain('1881');
    expect(article.textContent?.replace(/[\u200e\u200f\u061c]/g, '').replace(/\s/g, ' ')).toContain(
      '4.99 € شهريًا',
    );
  });
});

describe('the price line says what the parent really pays (docs/billing.md#one-price-truth)', () => {
  const discounted = {
    coupon: 'LUMO-HALF',
    couponDurationCode: 'P3M',
    paymentStateId: 'Trial',
    endDate: '2026-12-04T08:00:00+00:00',
    nextBillingDate: '2026-12-04T08:00:00+00:00',
    paymentPlanPrice: '4.99',
    currentPrice: '2.99',
    fullPrice: '4.99',
    fullPriceFrom: '2027-03-04T08:00:00+00:00',
    discountCyclesLeft: 3,
    currency: 'EUR',
  };

  it('shows the discounted price while it runs and from when the full price applies', () => {
    const article = card('en', discounted);
    const price = article.querySelector('[data-figure="price"]');
    expect(price?.textContent).toBe('€2.99 per month, then €4.99 from March 4, 2027');
    // the trial's days are not the coupon's: no "7 days left" beside the code
    expect(article.textContent).not.toMatch(/days left|reduced price/);
  });

  it('in Arabic too, with the amounts and the date formatted for it', () => {
    const article = card('ar', discounted);
    const text = article
      .querySelector('[data-figure="price"]')
      ?.textContent?.replace(/[\u200e\u200f\u061c]/g, '')
      .replace(/\s/g, ' ');
    expect(text).toContain('2.99 € شهريًا، ثم 4.99 €');
    expect(text).toContain('2027');
  });

  it('shows the full price once the discount ran out, and no coupon reduction any more', () => {
    const article = card('en', {
      ...discounted,
      paymentStateId: 'Active',
      currentPrice: '4.99',
      fullPriceFrom: null,
      discountCyclesLeft: 0,
    });
    expect(article.querySelector('[data-figure="price"]')?.textContent).toBe('€4.99 per month');
    expect(article.textContent).not.toMatch(/reduced price/);
  });

  it('a yearly discount says per year', () => {
    const article = card('en', {
      ...discounted,
      durationCode: 'P1Y',
      paymentPlanPrice: '55.90',
      currentPrice: '39.90',
      fullPrice: '55.90',
      fullPriceFrom: '2027-12-04T08:00:00+00:00',
    });
    expect(article.querySelector('[data-figure="price"]')?.textContent).toBe(
      '€39.90 per year, then €55.90 from December 4, 2027',
    );
  });
});

describe('updating the payment method (docs/billing.md#fixing-a-failed-payment)', () => {
  it('is an action of every renewing web subscription', () => {
    const article = card('en', { id: 12, paymentStateId: 'Active' });
    expect(
      within(article).getByRole('link', { name: en.ProfilePage.updatePaymentMethod }),
    ).toHaveAttribute('href', '/payment-method?subscription=12');
    expect(within(article).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is a banner on a past-due one, in Arabic too', () => {
    const article = card('ar', { id: 3, paymentStateId: 'Past_Due', isExpired: true });
    expect(within(article).getByRole('alert')).toHaveTextContent(ar.ProfilePage.pastDueBanner);
    const links = within(article).getAllByRole('link', {
      name: ar.ProfilePage.updatePaymentMethod,
    });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/payment-method?subscription=3');
  });

  it.each([
    { storeId: 'ios', paymentStateId: 'Active' },
    { isRenewing: false, paymentStateId: 'Cancelled' },
    { paymentStateId: 'Free_Campaign', isRenewing: false },
  ])('is not offered for a store, a cancelled or a coupon subscription: %o', (overrides) => {
    const article = card('en', overrides);
    expect(
      within(article).queryByRole('link', { name: en.ProfilePage.updatePaymentMethod }),
    ).not.toBeInTheDocument();
  });
});
