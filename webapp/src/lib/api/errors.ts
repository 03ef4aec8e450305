import type messages from '@locales/en.json';
import type { components } from './schema';

export type ErrorKey = keyof (typeof messages)['Errors'];

// Message keys the API may return in `{"code": n, "message": key}`; each is
// rendered with t(`Errors.${key}`). A test keeps this list equal to en.json.
export const ERROR_KEYS = [
  'somethingWentWrong',
  'billingDocumentNotFound',
  'invalidEmail',
  'valueRequired',
  'fillField',
  'parameterRequired',
  'emailTaken',
  'emailNotFound',
  'wrongPassword',
  'checkEmailPassword',
  'wrongOldPassword',
  'passwordsMismatch',
  'noSuchUser',
  'updateFailed',
  'loginNeeded',
  'sessionExpired',
  'resetLinkInvalid',
  'redirectKeyInvalid',
  'rateLimited',
  'subscriptionNotFound',
  'subscriptionProblem',
  'subscriptionCreateFailed',
  'alreadyCancelled',
  'couponInvalid',
  'couponExpired',
  'couponRedeemed',
  'couponPlanMismatch',
  'couponProductMismatch',
  'monthlyOnly',
  'onlyTwoProducts',
  'selectPlan',
  'tvSubscriptionExpired',
  'paymentNotValid',
  'tokenGeneration',
  'cardBrandNotAccepted',
  'contactSendFailed',
  'maintenance',
  'paymentDeclined',
  'cvvFailed',
  'duplicatePayment',
  'paymentInProgress',
  'changePlanNotAllowed',
  'termsUpdate',
  'termsVersionOutdated',
  'childLimitReached',
  'childNotFound',
  'birthYearInvalid',
  'linkPinInvalid',
  'linkExpired',
  'newsletterAlreadySaved',
  'accountDeleteFailed',
  'alreadySubscribed',
  'idempotencyKeyReused',
  'idempotencyKeyInvalid',
  'threeDSecureRequired',
  'threeDSecureFailed',
  'threeDSecureUnavailable',
  'paymentNotFound',
  'refundInvalid',
  'refundTooMuch',
  'refundNotAllowed',
  'refundKeyReused',
  'refundFailed',
  'staffLoginFailed',
  'staffForbidden',
  'parentNotFound',
  'reasonRequired',
  'grantTooLong',
  'grantRenewing',
  'grantLimitReached',
  'grantRequestNotFound',
  'grantRequestDecided',
  'grantApproverNeeded',
  'seniorStaffNeeded',
  'confirmationMismatch',
  'deadLetterNotFound',
  'webhookEventNotFound',
  'webhookReplayStale',
  'promoDatesReversed',
  'staffNotFound',
  'staffSelf',
  'passwordTooShort',
  'declarationNotFound',
  'declarationHandled',
  'withdrawalNotFound',
  'withdrawalPeriodOver',
  'withdrawalInvalid',
  'paymentLinkInvalid',
  'paymentMethodNotUpdatable',
] as const satisfies readonly ErrorKey[];

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && (ERROR_KEYS as readonly string[]).includes(value);
}

/** An error body as it may come (any field missing when the answer is not the API's own). */
export type ApiErrorBody = Partial<components['schemas']['ApiError']>;

/** Picks the translation key for an API error body; unknown keys fall back to the generic text. */
export function errorKeyFromBody(body: unknown): ErrorKey {
  const message = (body as ApiErrorBody | null)?.message;
  return isErrorKey(message) ? message : 'somethingWentWrong';
}
