"""The one error catalogue (docs/product.md#errors).

Each error has its kind (what went wrong: invalid, not found, a conflict…; bff/errors.py answers each kind
with its HTTP status), the numeric code the apps dispatch on (0 when the spec gives none) and the message
key the web app translates from locales/<lang>.json (namespace "Errors"). A DomainError's parameters are
snake_case, as everywhere in core; the API writes them in camelCase into the error body.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    """What went wrong, in the domain's words."""

    INVALID = "invalid"  # the request cannot be done as asked
    UNAUTHENTICATED = "unauthenticated"  # who is asking is not known
    FORBIDDEN = "forbidden"  # known, but not allowed
    NOT_FOUND = "not_found"
    CONFLICT = "conflict"  # the state changed, or someone else was first
    GONE = "gone"  # existed, and is no more
    TOO_MANY = "too_many"  # too many attempts: wait
    FAILED = "failed"  # a fault of ours
    UNAVAILABLE = "unavailable"  # a service it needs cannot be reached: try later


@dataclass(frozen=True)
class ErrorType:
    kind: Kind
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
INVALID_EMAIL = ErrorType(Kind.INVALID, 2, "invalidEmail")
INVALID_COUPON = ErrorType(Kind.INVALID, 3, "couponInvalid")
EMAIL_TAKEN = ErrorType(Kind.INVALID, 5, "emailTaken")
# Login
EMAIL_NOT_FOUND = ErrorType(Kind.NOT_FOUND, 0, "emailNotFound")
WRONG_PASSWORD = ErrorType(Kind.INVALID, 1, "wrongPassword")
# Change password
WRONG_OLD_PASSWORD = ErrorType(Kind.INVALID, 1, "wrongOldPassword")
# Forgotten password
FORGOT_EMPTY_EMAIL = ErrorType(Kind.INVALID, 1, "valueRequired")
FORGOT_INVALID_EMAIL = ErrorType(Kind.INVALID, 2, "invalidEmail")
FORGOT_UPDATE_FAILED = ErrorType(Kind.INVALID, 3, "updateFailed")
NO_SUCH_USER = ErrorType(Kind.NOT_FOUND, 0, "noSuchUser")
# Single-use links (reset password, confirm e-mail)
LINK_INVALID = ErrorType(Kind.INVALID, 4, "resetLinkInvalid")
# The payment-update link of a payment-failed e-mail: unknown, used, expired, or for another subscription
# (docs/billing.md#fixing-a-failed-payment). The parent logs in instead.
PAYMENT_LINK_INVALID = ErrorType(Kind.FORBIDDEN, 0, "paymentLinkInvalid")
# Not a renewing web subscription billed through the gateway: no payment method to replace
PAYMENT_METHOD_NOT_UPDATABLE = ErrorType(Kind.INVALID, 0, "paymentMethodNotUpdatable")
# Auth
LOGIN_NEEDED = ErrorType(Kind.UNAUTHENTICATED, 0, "loginNeeded")
REDIRECT_KEY_INVALID = ErrorType(Kind.UNAUTHENTICATED, 0, "redirectKeyInvalid")
API_KEY_INVALID = ErrorType(
    Kind.UNAUTHENTICATED, 0, "loginNeeded"
)  # machine clients (analytics): missing or unknown X-Api-Key
# Coupons (the body also carries couponProduct for 4, 5 and 6)
COUPON_EXPIRED = ErrorType(Kind.INVALID, 3, "couponExpired")
COUPON_REDEEMED = ErrorType(Kind.INVALID, 3, "couponRedeemed")
COUPON_ONLY_TV = ErrorType(Kind.INVALID, 4, "couponProductMismatch")
COUPON_ONLY_BOOKS = ErrorType(Kind.INVALID, 5, "couponProductMismatch")
COUPON_ONLY_ALL = ErrorType(Kind.INVALID, 6, "couponProductMismatch")
COUPON_NOT_FOR_ACCOUNT = ErrorType(Kind.INVALID, 7, "couponPlanMismatch")
MONTHLY_ONLY = ErrorType(Kind.INVALID, 7, "monthlyOnly")
ONLY_TWO_PRODUCTS = ErrorType(Kind.INVALID, 7, "onlyTwoProducts")
# Payments
TOKEN_GENERATION = ErrorType(Kind.INVALID, 1, "tokenGeneration")
PAYMENT_FAILED = ErrorType(Kind.INVALID, 0, "paymentNotValid")
PAYMENT_IN_PROGRESS = ErrorType(Kind.CONFLICT, 0, "paymentInProgress")
PAYMENT_UNAVAILABLE = ErrorType(Kind.UNAVAILABLE, 0, "subscriptionCreateFailed")
PLAN_NOT_FOUND = ErrorType(Kind.INVALID, 0, "selectPlan")
CHANGE_NOT_ALLOWED = ErrorType(Kind.INVALID, 8, "changePlanNotAllowed")
WEBHOOK_FORBIDDEN = ErrorType(Kind.FORBIDDEN, 0, "somethingWentWrong")
# One purchase per app and per request (docs/billing.md). Codes of our own, after the spec's 1-9.
ALREADY_SUBSCRIBED = ErrorType(
    Kind.INVALID, 10, "alreadySubscribed"
)  # body also carries subscriptionId, addsApps
IDEMPOTENCY_KEY_REUSED = ErrorType(
    Kind.INVALID, 11, "idempotencyKeyReused"
)  # same key, another request
IDEMPOTENCY_KEY_INVALID = ErrorType(
    Kind.INVALID, 12, "idempotencyKeyInvalid"
)  # over 64 characters or control characters
# 3-D Secure refusals (core/services/three_d_secure.py); the body's errorMessage repeats the key, as for
# every refused payment, so the older calls' clients show it too.
THREE_D_SECURE_REQUIRED = ErrorType(
    Kind.INVALID, 0, "threeDSecureRequired"
)  # a card without 3-D Secure where required
THREE_D_SECURE_FAILED = ErrorType(
    Kind.INVALID, 0, "threeDSecureFailed"
)  # the cardholder failed authentication
THREE_D_SECURE_UNAVAILABLE = ErrorType(
    Kind.INVALID, 0, "threeDSecureUnavailable"
)  # the bank could not authenticate
# Refunds and voids (an operator's tools: core.services.refunds, docs/billing-refunds.md)
PAYMENT_NOT_FOUND = ErrorType(
    Kind.NOT_FOUND, 0, "paymentNotFound"
)  # no charge with that transaction id
REFUND_INVALID = ErrorType(
    Kind.INVALID, 0, "refundInvalid"
)  # no actor or reason, or an amount that is not one
REFUND_TOO_MUCH = ErrorType(Kind.INVALID, 0, "refundTooMuch")  # more than is left of the charge
REFUND_NOT_ALLOWED = ErrorType(
    Kind.INVALID, 0, "refundNotAllowed"
)  # voided, unsettled (partial) or settled (void)
REFUND_KEY_REUSED = ErrorType(
    Kind.INVALID, 0, "refundKeyReused"
)  # the operation key of another refund
REFUND_FAILED = ErrorType(
    Kind.INVALID, 0, "refundFailed"
)  # the gateway refused it: nothing was given back
# Partners
PUBLISHER_BAD_PARAMETER = ErrorType(Kind.INVALID, 0, "parameterRequired")
PUBLISHER_INVALID_COUPON = ErrorType(Kind.INVALID, 3, "couponExpired")
# Subscriptions
SUBSCRIPTION_NOT_FOUND = ErrorType(Kind.NOT_FOUND, 0, "subscriptionNotFound")
ALREADY_CANCELLED = ErrorType(Kind.INVALID, 3, "alreadyCancelled")
# Edge
PARAMETER_REQUIRED = ErrorType(Kind.INVALID, 0, "parameterRequired")
RATE_LIMITED = ErrorType(Kind.TOO_MANY, 0, "rateLimited")
GENERIC = ErrorType(Kind.FAILED, 0, "somethingWentWrong")
SERVICE_UNAVAILABLE = ErrorType(Kind.UNAVAILABLE, 0, "maintenance")
NOT_FOUND = ErrorType(Kind.NOT_FOUND, 0, "somethingWentWrong")
# Family and trust. Code 0 where the spec gives none; the message key tells them apart.
TERMS_UPDATE = ErrorType(
    Kind.FORBIDDEN, 9, "termsUpdate"
)  # body also carries `version`, the terms in force
TERMS_VERSION_OUTDATED = ErrorType(
    Kind.INVALID, 0, "termsVersionOutdated"
)  # accepting another version than in force
CHILD_NOT_FOUND = ErrorType(
    Kind.NOT_FOUND, 0, "childNotFound"
)  # also another parent's profile: ids do not leak
CHILD_LIMIT = ErrorType(Kind.INVALID, 0, "childLimitReached")  # body also carries `max`
BIRTH_YEAR_INVALID = ErrorType(Kind.INVALID, 0, "birthYearInvalid")
LINK_PIN_INVALID = ErrorType(
    Kind.INVALID, 0, "linkPinInvalid"
)  # unknown, expired or already used: not told apart
LINK_EXPIRED = ErrorType(Kind.GONE, 0, "linkExpired")
LINK_UNKNOWN = ErrorType(Kind.NOT_FOUND, 0, "linkExpired")
CONTACT_SEND_FAILED = ErrorType(Kind.UNAVAILABLE, 0, "contactSendFailed")
NEWSLETTER_ALREADY_SAVED = ErrorType(Kind.INVALID, 0, "newsletterAlreadySaved")
ACCOUNT_DELETE_FAILED = ErrorType(
    Kind.UNAVAILABLE, 0, "accountDeleteFailed"
)  # nothing was deleted; try again later


# Operator console (docs/operator-console.md)
STAFF_LOGIN_FAILED = ErrorType(
    Kind.UNAUTHENTICATED, 0, "staffLoginFailed"
)  # e-mail, password or code: never told apart
STAFF_FORBIDDEN = ErrorType(
    Kind.FORBIDDEN, 0, "staffForbidden"
)  # the staff member's role does not allow it
REASON_REQUIRED = ErrorType(
    Kind.INVALID, 0, "reasonRequired"
)  # money and erasure actions need a reason
GRANT_TOO_LONG = ErrorType(Kind.INVALID, 0, "grantTooLong")  # body also carries `max` (days)
GRANT_RENEWING = ErrorType(
    Kind.INVALID, 0, "grantRenewing"
)  # a renewing subscription's dates belong to its store
# Per-parent grant limits and four eyes (docs/operator-console.md#grant-limits-and-four-eyes); the body of
# grantLimitReached also carries `max` and `left` (days) and `windowDays`.
GRANT_LIMIT_REACHED = ErrorType(Kind.CONFLICT, 0, "grantLimitReached")
GRANT_REQUEST_NOT_FOUND = ErrorType(Kind.NOT_FOUND, 0, "grantRequestNotFound")
GRANT_REQUEST_DECIDED = ErrorType(
    Kind.CONFLICT, 0, "grantRequestDecided"
)  # approved or rejected already
GRANT_APPROVER_NEEDED = ErrorType(
    Kind.FORBIDDEN, 0, "grantApproverNeeded"
)  # not the asker; a higher role
# A parent's e-mail changed and a reset link sent within a day: finance or admin only
# (docs/operator-console.md#e-mail-changes-and-reset-links).
SENIOR_STAFF_NEEDED = ErrorType(Kind.CONFLICT, 0, "seniorStaffNeeded")
CONFIRMATION_MISMATCH = ErrorType(
    Kind.INVALID, 0, "confirmationMismatch"
)  # typed confirmation differs
PARENT_NOT_FOUND = ErrorType(Kind.NOT_FOUND, 0, "parentNotFound")
DEAD_LETTER_NOT_FOUND = ErrorType(Kind.NOT_FOUND, 0, "deadLetterNotFound")
WEBHOOK_EVENT_NOT_FOUND = ErrorType(Kind.NOT_FOUND, 0, "webhookEventNotFound")
PROMO_DATES_REVERSED = ErrorType(
    Kind.INVALID, 0, "promoDatesReversed"
)  # holiday promo: first day after last
STAFF_NOT_FOUND = ErrorType(Kind.NOT_FOUND, 0, "staffNotFound")
STAFF_SELF = ErrorType(
    Kind.INVALID, 0, "staffSelf"
)  # an admin may not disable, demote or reset themselves
WEBHOOK_REPLAY_STALE = ErrorType(
    Kind.CONFLICT, 0, "webhookReplayStale"
)  # a newer gateway event already stands
# Public declarations to end a contract (docs/consumer-law.md#cancellation-page)
DECLARATION_NOT_FOUND = ErrorType(
    Kind.NOT_FOUND, 0, "declarationNotFound"
)  # no declaration with that receipt/id
DECLARATION_HANDLED = ErrorType(
    Kind.CONFLICT, 0, "declarationHandled"
)  # someone marked it handled first


# Receipts and credit notes (docs/billing.md#receipts-and-credit-notes)
BILLING_DOCUMENT_NOT_FOUND = ErrorType(
    Kind.NOT_FOUND, 0, "billingDocumentNotFound"
)  # no document of that number or id among the parent's own


# The right of withdrawal (docs/consumer-law-withdrawal.md)
WITHDRAWAL_NOT_FOUND = ErrorType(
    Kind.NOT_FOUND, 0, "withdrawalNotFound"
)  # no contract of that reference for that e-mail address (never told apart)
WITHDRAWAL_PERIOD_OVER = ErrorType(
    Kind.INVALID, 0, "withdrawalPeriodOver"
)  # the 14 days have passed, the contract has ended, or it was not bought on the web
WITHDRAWAL_INVALID = ErrorType(
    Kind.INVALID, 0, "withdrawalInvalid"
)  # name or address missing or too long
