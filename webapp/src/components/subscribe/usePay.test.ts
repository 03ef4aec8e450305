import { alreadySubscribedTarget, paymentFailureMessage } from './usePay';
import { webAppPath } from '@/lib/startup/web-apps';

jest.mock('@/i18n/navigation', () => require('@/test/navigation').navigationMock);

const failure = (status: number, body: Record<string, unknown> = {}) => ({
  ok: false as const,
  status,
  code: body.code as number | undefined,
  errorKey: (typeof body.message === 'string' ? body.message : 'somethingWentWrong') as never,
  body,
});

describe('payment failures (docs/product.md#errors)', () => {
  it.each([
    'paymentDeclined',
    'cvvFailed',
    'cardBrandNotAccepted',
    'paymentNotValid',
    'duplicatePayment',
  ])('shows the reason the API names in errorMessage: %s', (reason) => {
    expect(
      paymentFailureMessage(
        failure(400, { code: 0, message: 'paymentNotValid', errorMessage: reason }),
      ),
    ).toBe(reason);
  });

  it('falls back to payment-not-valid for an unknown reason', () => {
    expect(
      paymentFailureMessage(
        failure(400, { code: 0, message: 'paymentNotValid', errorMessage: 'gatewayRejectedFraud' }),
      ),
    ).toBe('paymentNotValid');
  });

  it('has its own texts for a payment in progress (409) and an unreachable gateway (503)', () => {
    expect(paymentFailureMessage(failure(409, { message: 'paymentInProgress' }))).toBe(
      'paymentInProgress',
    );
    expect(paymentFailureMessage(failure(503, { message: 'subscriptionCreateFailed' }))).toBe(
      'subscriptionCreateFailed',
    );
  });

  it('shows coupon problems found at payment time', () => {
    expect(paymentFailureMessage(failure(400, { code: 7, message: 'monthlyOnly' }))).toBe(
      'monthlyOnly',
    );
    expect(paymentFailureMessage(failure(400, { code: 4, message: 'couponProductMismatch' }))).toBe(
      'couponPlanMismatch',
    );
  });

  it('is generic when the network fails', () => {
    expect(paymentFailureMessage(failure(0))).toBe('somethingWentWrong');
  });
});

describe('a purchase the API refuses as already subscribed (400 code 10)', () => {
  it('sends the parent to change plan when the purchase would add apps', () => {
    expect(
      alreadySubscribedTarget(
        failure(400, { code: 10, message: 'alreadySubscribed', subscriptionId: 7, addsApps: true }),
      ),
    ).toBe('/changeSubscriptionPlan?subscription=7');
  });

  it('sends the parent to the profile when it adds nothing', () => {
    expect(
      alreadySubscribedTarget(
        failure(400, {
          code: 10,
          message: 'alreadySubscribed',
          subscriptionId: 7,
          addsApps: false,
        }),
      ),
    ).toBe('/');
  });

  it('shows the message, and leaves other failures on the form', () => {
    expect(paymentFailureMessage(failure(400, { code: 10, message: 'alreadySubscribed' }))).toBe(
      'alreadySubscribed',
    );
    expect(
      alreadySubscribedTarget(failure(400, { code: 11, message: 'idempotencyKeyReused' })),
    ).toBeNull();
    expect(alreadySubscribedTarget(failure(409, { message: 'paymentInProgress' }))).toBeNull();
  });
});

describe('web app addresses', () => {
  it('go through /apps/{app} with the redirect key (and a TV folder)', () => {
    expect(webAppPath('games', 'k 1')).toBe('/apps/games?key=k+1');
    expect(webAppPath('tv', 'k2', 'f9')).toBe('/apps/tv?key=k2&folder=f9');
  });
});
