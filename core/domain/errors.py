"""The one error catalogue (docs/product.md#errors).

Each error has the HTTP status the API answers with, the numeric code the
apps dispatch on (0 when the spec gives none) and the message key the web
app translates from locales/<lang>.json (namespace "Errors").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ErrorType:
    status: int
    code: int
    message: str


class DomainError(Exception):
    def __init__(self, error: ErrorType, **params: Any) -> None:
        super().__init__(error.message)
        self.error = error
        self.params = params

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"DomainError({self.error.message}, {self.params})"


class RetryLater(DomainError):
    """Refused for now: the same request may succeed in `retry_after` seconds (HTTP Retry-After)."""

    def __init__(self, error: ErrorType, retry_after: float, **params: Any) -> None:
        super().__init__(error, **params)
        self.retry_after = max(
            1, int(-(-retry_after // 1))
        )  # whole seconds, rounded up, at least 1


# Register / create subscription
INVALID_EMAIL = ErrorType(400, 2, "invalidEmail")
INVALID_COUPON = ErrorType(400, 3, "couponInvalid")
EMAIL_TAKEN = ErrorType(400, 5, "emailTaken")
# Login
EMAIL_NOT_FOUND = ErrorType(404, 0, "emailNotFound")
WRONG_PASSWORD = ErrorType(400, 1, "wrongPassword")
# Change password
WRONG_OLD_PASSWORD = ErrorType(400, 1, "wrongOldPassword")
# Forgotten password
FORGOT_EMPTY_EMAIL = ErrorType(400, 1, "valueRequired")
FORGOT_INVALID_EMAIL = ErrorType(400, 2, "invalidEmail")
FORGOT_UPDATE_FAILED = ErrorType(400, 3, "updateFailed")
NO_SUCH_USER = ErrorType(404, 0, "noSuchUser")
# Single-use links (reset password, confirm e-mail)
LINK_INVALID = ErrorType(400, 4, "resetLinkInvalid")
# The payment-update link of a payment-failed e-mail: unknown, used, expired, or for another subscription
# (docs/billing.md#fixing-a-failed-payment). The parent logs in instead.
PAYMENT_LINK_INVALID = ErrorType(403, 0, "paymentLinkInvalid")
# Not a renewing web subscription billed through the gateway: no payment method to replace
PAYMENT_METHOD_NOT_UPDATABLE = ErrorType(400, 0, "paymentMethodNotUpdatable")
# Auth
LOGIN_NEEDED = ErrorType(401, 0, "loginNeeded")
REDIRECT_KEY_INVALID = ErrorType(401, 0, "redirectKeyInvalid")
API_KEY_INVALID = ErrorType(
    401, 0, "loginNeeded"
)  # machine clients (analytics): missing or unknown X-Api-Key
# Coupons (the body also carries couponProduct for 4, 5 and 6)
COUPON_EXPIRED = ErrorType(400, 3, "couponExpired")
COUPON_REDEEMED = ErrorType(400, 3, "couponRedeemed")
COUPON_ONLY_TV = ErrorType(400, 4, "couponProductMismatch")
COUPON_ONLY_BOOKS = ErrorType(400, 5, "couponProductMismatch")
COUPON_ONLY_ALL = ErrorType(400, 6, "couponProductMismatch")
COUPON_NOT_FOR_ACCOUNT = ErrorType(400, 7, "couponPlanMismatch")
MONTHLY_ONLY = ErrorType(400, 7, "monthlyOnly")
ONLY_TWO_PRODUCTS = ErrorType(400, 7, "onlyTwoProducts")
# Payments
TOKEN_GENERATION = ErrorType(400, 1, "tokenGeneration")
PAYMENT_FAILED = ErrorType(400, 0, "paymentNotValid")
PAYMENT_IN_PROGRESS = ErrorType(409, 0, "paymentInProgress")
PAYMENT_UNAVAILABLE = ErrorType(503, 0, "subscriptionCreateFailed")
PLAN_NOT_FOUND = ErrorType(400, 0, "selectPlan")
CHANGE_NOT_ALLOWED = ErrorType(400, 8, "changePlanNotAllowed")
WEBHOOK_FORBIDDEN = ErrorType(403, 0, "somethingWentWrong")
# One purchase per app and per request (docs/billing.md). Codes of our own, after the spec's 1-9.
ALREADY_SUBSCRIBED = ErrorType(
    400, 10, "alreadySubscribed"
)  # body also carries subscriptionId, addsApps
IDEMPOTENCY_KEY_REUSED = ErrorType(400, 11, "idempotencyKeyReused")  # same key, another request
IDEMPOTENCY_KEY_INVALID = ErrorType(
    400, 12, "idempotencyKeyInvalid"
)  # over 64 characters or control characters
# 3-D Secure refusals (core/services/three_d_secure.py); the body's errorMessage repeats the key, as for
# every refused payment, so the older calls' clients show it too.
THREE_D_SECURE_REQUIRED = ErrorType(
    400, 0, "threeDSecureRequired"
)  # a card without 3-D Secure where required
THREE_D_SECURE_FAILED = ErrorType(
    400, 0, "threeDSecureFailed"
)  # the cardholder failed authentication
THREE_D_SECURE_UNAVAILABLE = ErrorType(
    400, 0, "threeDSecureUnavailable"
)  # the bank could not authenticate
# Refunds and voids (an operator's tools: core.services.refunds, docs/billing-refunds.md)
PAYMENT_NOT_FOUND = ErrorType(404, 0, "paymentNotFound")  # no charge with that transaction id
REFUND_INVALID = ErrorType(
    400, 0, "refundInvalid"
)  # no actor or reason, or an amount that is not one
REFUND_TOO_MUCH = ErrorType(400, 0, "refundTooMuch")  # more than is left of the charge
REFUND_NOT_ALLOWED = ErrorType(
    400, 0, "refundNotAllowed"
)  # voided, unsettled (partial) or settled (void)
REFUND_KEY_REUSED = ErrorType(400, 0, "refundKeyReused")  # the operation key of another refund
REFUND_FAILED = ErrorType(400, 0, "refundFailed")  # the gateway refused it: nothing was given back
# Partners
PUBLISHER_BAD_PARAMETER = ErrorType(400, 0, "parameterRequired")
PUBLISHER_INVALID_COUPON = ErrorType(400, 3, "couponExpired")
# Subscriptions
SUBSCRIPTION_NOT_FOUND = ErrorType(404, 0, "subscriptionNotFound")
ALREADY_CANCELLED = ErrorType(400, 3, "alreadyCancelled")
# Edge
PARAMETER_REQUIRED = ErrorType(400, 0, "parameterRequired")
RATE_LIMITED = ErrorType(429, 0, "rateLimited")
GENERIC = ErrorType(500, 0, "somethingWentWrong")
SERVICE_UNAVAILABLE = ErrorType(503, 0, "maintenance")
NOT_FOUND = ErrorType(404, 0, "somethingWentWrong")
# Family and trust. Code 0 where the spec gives none; the message key tells them apart.
TERMS_UPDATE = ErrorType(403, 9, "termsUpdate")  # body also carries `version`, the terms in force
TERMS_VERSION_OUTDATED = ErrorType(
    400, 0, "termsVersionOutdated"
)  # accepting another version than in force
CHILD_NOT_FOUND = ErrorType(
    404, 0, "childNotFound"
)  # also another parent's profile: ids do not leak
CHILD_LIMIT = ErrorType(400, 0, "childLimitReached")  # body also carries `max`
BIRTH_YEAR_INVALID = ErrorType(400, 0, "birthYearInvalid")
LINK_PIN_INVALID = ErrorType(
    400, 0, "linkPinInvalid"
)  # unknown, expired or already used: not told apart
LINK_EXPIRED = ErrorType(410, 0, "linkExpired")
LINK_UNKNOWN = ErrorType(404, 0, "linkExpired")
CONTACT_SEND_FAILED = ErrorType(503, 0, "contactSendFailed")
NEWSLETTER_ALREADY_SAVED = ErrorType(400, 0, "newsletterAlreadySaved")
ACCOUNT_DELETE_FAILED = ErrorType(
    503, 0, "accountDeleteFailed"
)  # nothing was deleted; try again later


# Operator console (docs/operator-console.md)
STAFF_LOGIN_FAILED = ErrorType(
    401, 0, "staffLoginFailed"
)  # e-mail, password or code: never told apart
STAFF_FORBIDDEN = ErrorType(403, 0, "staffForbidden")  # the staff member's role does not allow it
REASON_REQUIRED = ErrorType(400, 0, "reasonRequired")  # money and erasure actions need a reason
GRANT_TOO_LONG = ErrorType(400, 0, "grantTooLong")  # body also carries `max` (days)
GRANT_RENEWING = ErrorType(
    400, 0, "grantRenewing"
)  # a renewing subscription's dates belong to its store
# Per-parent grant limits and four eyes (docs/operator-console.md#grant-limits-and-four-eyes); the body of
# grantLimitReached also carries `max` and `left` (days) and `windowDays`.
GRANT_LIMIT_REACHED = ErrorType(409, 0, "grantLimitReached")
GRANT_REQUEST_NOT_FOUND = ErrorType(404, 0, "grantRequestNotFound")
GRANT_REQUEST_DECIDED = ErrorType(409, 0, "grantRequestDecided")  # approved or rejected already
GRANT_APPROVER_NEEDED = ErrorType(403, 0, "grantApproverNeeded")  # not the asker; a higher role
# A parent's e-mail changed and a reset link sent within a day: finance or admin only
# (docs/operator-console.md#e-mail-changes-and-reset-links).
SENIOR_STAFF_NEEDED = ErrorType(409, 0, "seniorStaffNeeded")
CONFIRMATION_MISMATCH = ErrorType(400, 0, "confirmationMismatch")  # typed confirmation differs
PARENT_NOT_FOUND = ErrorType(404, 0, "parentNotFound")
DEAD_LETTER_NOT_FOUND = ErrorType(404, 0, "deadLetterNotFound")
WEBHOOK_EVENT_NOT_FOUND = ErrorType(404, 0, "webhookEventNotFound")
PROMO_DATES_REVERSED = ErrorType(
    400, 0, "promoDatesReversed"
)  # holiday promo: first day after last
STAFF_NOT_FOUND = ErrorType(404, 0, "staffNotFound")
STAFF_SELF = ErrorType(400, 0, "staffSelf")  # an admin may not disable, demote or reset themselves
WEBHOOK_REPLAY_STALE = ErrorType(
    409, 0, "webhookReplayStale"
)  # a newer gateway event already stands
# Public declarations to end a contract (docs/consumer-law.md#cancellation-page)
DECLARATION_NOT_FOUND = ErrorType(
    404, 0, "declarationNotFound"
)  # no declaration with that receipt/id
DECLARATION_HANDLED = ErrorType(409, 0, "declarationHandled")  # someone marked it handled first


# Receipts and credit notes (docs/billing.md#receipts-and-credit-notes)
BILLING_DOCUMENT_NOT_FOUND = ErrorType(
    404, 0, "billingDocumentNotFound"
)  # no document of that number or id among the parent's own


# The right of withdrawal (docs/consumer-law-withdrawal.md)
WITHDRAWAL_NOT_FOUND = ErrorType(
    404, 0, "withdrawalNotFound"
)  # no contract of that reference for that e-mail address (never told apart)
WITHDRAWAL_PERIOD_OVER = ErrorType(
    400, 0, "withdrawalPeriodOver"
)  # the 14 days have passed, the contract has ended, or it was not bought on the web
WITHDRAWAL_INVALID = ErrorType(400, 0, "withdrawalInvalid")  # name or address missing or too long
