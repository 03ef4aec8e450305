"""Braintree behind the PaymentGateway port: the only module that imports `braintree`.

Neutral dataclasses go in and come out; the provider's messages stay here (logged
for us, never returned), mapped to our error codes by ERROR_CODE_TABLE and
classify_error().

What the Braintree control panel must hold for this adapter:
- the plans whose ids Lumo sends as `plan_id`;
- a discount with id COUPON_DISCOUNT_ID ("lumo_coupon"): every coupon is sent as that
  discount, with its own amount and number of billing cycles;
- an add-on for each add-on id Lumo sends.

This module is long on purpose and stays one file: it is the only one that imports `braintree`
(test_only_the_adapter_imports_braintree), its tables are written in the SDK's constants, and
`BraintreeGateway`, one method per operation of the PaymentGateway port, is most of it.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any, overload

import braintree
from braintree.error_codes import ErrorCodes
from braintree.exceptions import (
    GatewayTimeoutError,
    InvalidChallengeError,
    InvalidSignatureError,
    NotFoundError,
    RequestTimeoutError,
    ServerError,
    ServiceUnavailableError,
    TooManyRequestsError,
    UnexpectedError,
)

from core.domain import three_d_secure as tds
from core.domain.payments import (
    APPLE_PAY,
    BRAND_NOT_ACCEPTED,
    CARD,
    CONSUMED_NONCE,
    CVV_FAILED,
    DECLINED,
    DISPUTE_KINDS,
    DUPLICATE,
    GATEWAY_REJECTED,
    GOOGLE_PAY,
    INVALID_NONCE,
    NOT_CHARGED,
    PAYPAL,
    SETTLED,
    UNAVAILABLE,
    UNSETTLED,
    VOIDED,
    GatewayResult,
    GatewayUnavailable,
    InvalidWebhookSignature,
    PaymentGateway,
    SubscriptionRequest,
    TransactionInfo,
    WebhookEvent,
    mask_payer_email,
)

log = logging.getLogger(__name__)

COUPON_DISCOUNT_ID = "lumo_coupon"
_CENT = Decimal("0.01")

# Validation error codes (anywhere in the error tree) -> our neutral code.
ERROR_CODE_TABLE: dict[str, str] = {
    ErrorCodes.PaymentMethod.NonceIsInvalid: INVALID_NONCE,
    ErrorCodes.PaymentMethod.NonceIsRequired: INVALID_NONCE,
    ErrorCodes.PaymentMethod.PaymentMethodNonceUnknown: INVALID_NONCE,
    ErrorCodes.CreditCard.PaymentMethodNonceUnknown: INVALID_NONCE,
    ErrorCodes.PayPalAccount.PaymentMethodNonceUnknown: INVALID_NONCE,
    ErrorCodes.Subscription.PaymentMethodNonceIsInvalid: INVALID_NONCE,
    ErrorCodes.CreditCard.NumberIsInvalid: INVALID_NONCE,  # Luhn check failed
    ErrorCodes.CreditCard.NumberHasInvalidLength: INVALID_NONCE,
    ErrorCodes.CreditCard.NumberMustBeTestNumber: INVALID_NONCE,
    ErrorCodes.CreditCard.ExpirationDateIsInvalid: INVALID_NONCE,
    ErrorCodes.PaymentMethod.PaymentMethodNonceConsumed: CONSUMED_NONCE,
    ErrorCodes.PaymentMethod.PaymentMethodNonceLocked: CONSUMED_NONCE,
    ErrorCodes.CreditCard.PaymentMethodNonceConsumed: CONSUMED_NONCE,
    ErrorCodes.CreditCard.PaymentMethodNonceLocked: CONSUMED_NONCE,
    ErrorCodes.PayPalAccount.PaymentMethodNonceConsumed: CONSUMED_NONCE,
    ErrorCodes.PayPalAccount.PaymentMethodNonceLocked: CONSUMED_NONCE,
    ErrorCodes.CreditCard.CvvIsInvalid: CVV_FAILED,
    ErrorCodes.CreditCard.CvvIsRequired: CVV_FAILED,
    ErrorCodes.CreditCard.CvvVerificationFailed: CVV_FAILED,
    ErrorCodes.CreditCard.CreditCardTypeIsNotAccepted: BRAND_NOT_ACCEPTED,
    ErrorCodes.CreditCard.CreditCardTypeIsNotAcceptedBySubscriptionMerchantAccount: BRAND_NOT_ACCEPTED,
    ErrorCodes.CreditCard.PaymentMethodNonceCardTypeIsNotAccepted: BRAND_NOT_ACCEPTED,
    ErrorCodes.Subscription.PaymentMethodNonceCardTypeIsNotAccepted: BRAND_NOT_ACCEPTED,
    ErrorCodes.Subscription.PaymentMethodTokenCardTypeIsNotAccepted: BRAND_NOT_ACCEPTED,
}
# gateway_rejection_reason of a verification or transaction -> neutral code (else GATEWAY_REJECTED).
REJECTION_REASON_TABLE: dict[str, str] = {
    "cvv": CVV_FAILED,
    "avs_and_cvv": CVV_FAILED,
    "duplicate": DUPLICATE,
}

# The provider did not give an answer we can trust: the outcome is unknown.
# OSError covers the `requests` errors an SDK gateway built without wrap_http_exceptions lets through.
_UNAVAILABLE = (
    ServerError,
    ServiceUnavailableError,
    GatewayTimeoutError,
    RequestTimeoutError,
    TooManyRequestsError,
    UnexpectedError,
    OSError,
)

_ENVIRONMENTS = {
    "sandbox": braintree.Environment.Sandbox,
    "production": braintree.Environment.Production,
}
# AndroidPayCard is Google Pay; the SDK's next major version renames it GooglePayCard.
_GOOGLE_PAY_CLASSES = tuple(
    getattr(braintree, name)
    for name in ("AndroidPayCard", "GooglePayCard")
    if hasattr(braintree, name)
)
_METHOD_KINDS = (
    (braintree.CreditCard, CARD),
    (braintree.PayPalAccount, PAYPAL),
    (_GOOGLE_PAY_CLASSES, GOOGLE_PAY),
    (braintree.ApplePayCard, APPLE_PAY),
)
# PaymentMethodNonce.type -> the kind 3-D Secure rules speak of (core/domain/three_d_secure.py).
_NONCE_KINDS = {
    "CreditCard": tds.CARD,
    "PayPalAccount": tds.PAYPAL,
    "AndroidPayCard": tds.GOOGLE_PAY,
    "GooglePayCard": tds.GOOGLE_PAY,
    "ApplePayCard": tds.APPLE_PAY,
}
_WEBHOOK_KINDS = {
    braintree.WebhookNotification.Kind.SubscriptionChargedSuccessfully: "charged",
    braintree.WebhookNotification.Kind.SubscriptionChargedUnsuccessfully: "charge_failed",
    braintree.WebhookNotification.Kind.SubscriptionWentPastDue: "past_due",
    braintree.WebhookNotification.Kind.SubscriptionExpired: "expired",
    braintree.WebhookNotification.Kind.SubscriptionCanceled: "canceled",
    braintree.WebhookNotification.Kind.SubscriptionWentActive: "went_active",
    braintree.WebhookNotification.Kind.DisputeOpened: "dispute_opened",
    braintree.WebhookNotification.Kind.DisputeWon: "dispute_won",
    braintree.WebhookNotification.Kind.DisputeLost: "dispute_lost",
}
# Transaction statuses -> where the charge stands (void before settlement, refund after).
_TRANSACTION_STATUSES = {
    "authorizing": UNSETTLED,
    "authorized": UNSETTLED,
    "submitted_for_settlement": UNSETTLED,
    "settlement_pending": UNSETTLED,
    "settling": SETTLED,
    "settled": SETTLED,
    "settlement_confirmed": SETTLED,
    "voided": VOIDED,
}
_REFUND_LIVE = {
    "submitted_for_settlement",
    "settling",
    "settled",
    "settlement_confirmed",
    "settlement_pending",
    "authorized",
    "authorizing",
}
_FINISHED = (braintree.Subscription.Status.Canceled, braintree.Subscription.Status.Expired)


def classify_error(result) -> str:
    """The neutral code for a failed SDK result (ErrorResult)."""
    outcome = result.credit_card_verification or getattr(result, "transaction", None)
    status = getattr(outcome, "status", None)
    code = _int(getattr(outcome, "processor_response_code", None))
    if status == "gateway_rejected":
        return REJECTION_REASON_TABLE.get(
            getattr(outcome, "gateway_rejection_reason", None) or "", GATEWAY_REJECTED
        )
    if status == "processor_declined" or 2000 <= code < 3000:
        return DECLINED
    if status == "failed" or code >= 3000:  # processor unreachable: nothing was charged, try later
        return UNAVAILABLE
    for error in result.errors.deep_errors:
        if error.code in ERROR_CODE_TABLE:
            return ERROR_CODE_TABLE[error.code]
    return GATEWAY_REJECTED


def build_braintree_gateway(
    merchant_id, public_key, private_key, environment_name, **options
) -> BraintreeGateway:
    """For the composition root: fails at start-up, with a clear message, if Braintree is not configured."""
    return BraintreeGateway(
        merchant_id, public_key, private_key, (environment_name or "").strip().lower(), **options
    )


def _unavailable_on_network_error(method):
    @functools.wraps(method)
    def guarded(*args, **kwargs):
        try:
            return method(*args, **kwargs)
        except _UNAVAILABLE as exc:
            raise GatewayUnavailable(type(exc).__name__) from exc

    return guarded


class BraintreeGateway(PaymentGateway):
    """Give credentials and an environment ("sandbox", "production" or a braintree.Environment),
    or `sdk=` an already built braintree.BraintreeGateway. `merchant_accounts` maps a currency
    to the merchant account that bills in it."""

    def __init__(
        self,
        merchant_id=None,
        public_key=None,
        private_key=None,
        environment="sandbox",
        *,
        sdk=None,
        timeout: float = 20,
        merchant_accounts: Mapping[str, str] | None = None,
    ):
        if sdk is None:
            credentials = {
                "merchant_id": merchant_id,
                "public_key": public_key,
                "private_key": private_key,
            }
            missing = [name for name, value in credentials.items() if not (value or "").strip()]
            if missing:
                raise ValueError(f"Braintree is not configured: missing {', '.join(missing)}")
            sdk = braintree.BraintreeGateway(
                braintree.Configuration(
                    environment=_environment(environment),
                    **credentials,
                    timeout=timeout,
                    wrap_http_exceptions=True,
                )
            )
        self._sdk = sdk
        self._merchant_accounts = dict(merchant_accounts or {})

    def close(self) -> None:
        self._sdk.config.close()

    @_unavailable_on_network_error
    def client_token(self, customer_id: str | None = None, currency: str | None = None) -> str:
        params = (
            {"merchant_account_id": self._merchant_accounts[currency]}
            if currency in self._merchant_accounts
            else {}
        )
        if customer_id:
            try:
                return self._sdk.client_token.generate({"customer_id": customer_id, **params})
            except (
                ValueError
            ):  # not in the vault yet (first sign-up): a token without the vault does
                log.info("braintree client token: customer %s not in the vault", customer_id)
        return self._sdk.client_token.generate(params)

    @_unavailable_on_network_error
    def create_subscription(self, request: SubscriptionRequest) -> GatewayResult:
        error = self._ensure_customer(request)
        if error:
            return GatewayResult(ok=False, error=error)
        vaulted = self._sdk.payment_method.create(self._payment_method_params(request))
        if not vaulted.is_success:
            error = _failed("payment_method.create", request.subscription_id, vaulted)
            # A retry whose first attempt used the nonce: the subscription may exist already.
            existing = self._existing(request.subscription_id) if error == CONSUMED_NONCE else None
            return existing or GatewayResult(ok=False, error=error)
        created = self._sdk.subscription.create(
            self._subscription_params(request, vaulted.payment_method.token)
        )
        if created.is_success:
            return _success(created.subscription, vaulted.payment_method)
        if _has_code(created, ErrorCodes.Subscription.IdIsInUse):  # a retry after a lost answer
            existing = self._existing(request.subscription_id)
            if existing:
                return existing
        return GatewayResult(
            ok=False, error=_failed("subscription.create", request.subscription_id, created)
        )

    @_unavailable_on_network_error
    def find_subscription(self, subscription_id: str) -> GatewayResult | None:
        return self._existing(subscription_id)

    def inspect_nonce(self, nonce: str) -> tds.NonceFacts | None:
        """Braintree's documented server-side check: PaymentMethodNonce.find, then its three_d_secure_info
        (None when the nonce never went through 3-D Secure) and, for Google Pay, whether the card is
        network-tokenized (CRYPTOGRAM_3DS) or a plain PAN."""
        try:
            found = self._sdk.payment_method_nonce.find(nonce)
        except NotFoundError:
            return None
        info = found.three_d_secure_info
        details = getattr(found, "details", None) or {}
        tokenized = details.get("is_network_tokenized") if isinstance(details, dict) else None
        return tds.NonceFacts(
            kind=_NONCE_KINDS.get(getattr(found, "type", None) or "", tds.OTHER),
            authentication=None
            if info is None
            else tds.Authentication(
                status=getattr(info, "status", None) or "",
                liability_shifted=bool(getattr(info, "liability_shifted", False)),
                liability_shift_possible=bool(getattr(info, "liability_shift_possible", False)),
            ),
            network_tokenized=tokenized in (True, "true"),
        )

    @_unavailable_on_network_error
    def cancel_subscription(self, gateway_id: str) -> GatewayResult:
        try:
            result = self._sdk.subscription.cancel(gateway_id)
        except NotFoundError:
            return GatewayResult(ok=False, gateway_id=gateway_id, error=GATEWAY_REJECTED)
        if result.is_success or _has_code(result, ErrorCodes.Subscription.StatusIsCanceled):
            return GatewayResult(ok=True, gateway_id=gateway_id)
        return GatewayResult(
            ok=False,
            gateway_id=gateway_id,
            error=_failed("subscription.cancel", gateway_id, result),
        )

    @_unavailable_on_network_error
    def change_plan(self, gateway_id: str, plan_id: str, price: Decimal) -> GatewayResult:
        params = {"plan_id": plan_id, "price": _money(price), "options": {"prorate_charges": False}}
        try:
            result = self._sdk.subscription.update(gateway_id, params)
        except NotFoundError:
            return GatewayResult(ok=False, gateway_id=gateway_id, error=GATEWAY_REJECTED)
        if result.is_success:
            return _success(result.subscription, None)
        return GatewayResult(
            ok=False,
            gateway_id=gateway_id,
            error=_failed("subscription.update", gateway_id, result),
        )

    @_unavailable_on_network_error
    def continue_on_plan(
        self, gateway_id: str, next_id: str, plan_id: str, price: Decimal, starts_on: date
    ) -> GatewayResult:
        """Braintree refuses `subscription.update` to a plan of another billing frequency (91922,
        PlanBillingFrequencyCannotBeUpdated), so (docs/consumer-law-renewal.md#at-the-gateway): the current
        subscription gets no cycle after its current one (it expires when its paid cycle ends, never charging
        again; one that has billed nothing yet, in its trial or pending, is cancelled), then `next_id` is
        created on its vaulted payment method with `first_billing_date` = `starts_on` (its next billing
        date, which ours equals): no day unbilled, none billed twice. Both steps are safe to repeat, and the stop comes first: a failure
        between them leaves a gap the retry closes, never a double charge."""
        try:
            current = self._sdk.subscription.find(gateway_id)
        except NotFoundError:
            return GatewayResult(ok=False, gateway_id=gateway_id, error=GATEWAY_REJECTED)
        stopped = self._stop_after_this_cycle(current)
        if stopped is not None:
            return stopped
        params: dict[str, Any] = {
            "id": next_id,
            "payment_method_token": current.payment_method_token,
            "plan_id": plan_id,
            "price": _money(price),
            "trial_period": False,
            "options": {"do_not_inherit_add_ons_or_discounts": True},
        }
        if starts_on > datetime.now(UTC).date():
            params["first_billing_date"] = starts_on  # else: billed now (a late retry)
        if getattr(current, "merchant_account_id", None):
            params["merchant_account_id"] = current.merchant_account_id
        created = self._sdk.subscription.create(params)
        if created.is_success:
            return _success(created.subscription, None)
        if _has_code(created, ErrorCodes.Subscription.IdIsInUse):  # a retry: it exists already
            existing = self._existing(next_id)
            if existing:
                return existing
        return GatewayResult(
            ok=False,
            gateway_id=gateway_id,
            error=_failed("subscription.create", next_id, created),
        )

    def _stop_after_this_cycle(self, current) -> GatewayResult | None:
        """No charge after the current cycle; None when done (or nothing to do), else the refusal."""
        if current.status in _FINISHED:
            return None
        cycle = _int(getattr(current, "current_billing_cycle", None))
        if (
            cycle == 0
        ):  # nothing billed yet (a trial, or a continuation not started): nothing to run out
            result = self._sdk.subscription.cancel(current.id)
            if result.is_success or _has_code(result, ErrorCodes.Subscription.StatusIsCanceled):
                return None
            return GatewayResult(
                ok=False,
                gateway_id=current.id,
                error=_failed("subscription.cancel", current.id, result),
            )
        if not current.never_expires and _int(current.number_of_billing_cycles) == cycle:
            return None  # a retry: limited already
        limited = self._sdk.subscription.update(
            current.id, {"never_expires": False, "number_of_billing_cycles": cycle}
        )
        if limited.is_success:
            return None
        return GatewayResult(
            ok=False,
            gateway_id=current.id,
            error=_failed("subscription.update", current.id, limited),
        )

    @_unavailable_on_network_error
    def delete_customer(self, customer_id: str) -> GatewayResult:
        """Braintree removes the customer's vaulted payment methods; its transactions stay for accounting."""
        try:
            result = self._sdk.customer.delete(customer_id)
        except NotFoundError:
            return GatewayResult(ok=True)
        if result.is_success:
            return GatewayResult(ok=True)
        return GatewayResult(ok=False, error=_failed("customer.delete", customer_id, result))

    def parse_webhook(self, signature: str, payload: str) -> WebhookEvent:
        try:
            notification = self._sdk.webhook_notification.parse(signature, payload)
        except (InvalidSignatureError, InvalidChallengeError, UnicodeError) as exc:
            raise InvalidWebhookSignature("webhook signature or payload is not genuine") from exc
        kind = _WEBHOOK_KINDS.get(notification.kind, "other")
        if kind in DISPUTE_KINDS:
            dispute = notification.dispute
            disputed = getattr(dispute, "transaction", None)
            return WebhookEvent(
                kind=kind,
                gateway_id=dispute.id or "",
                occurred_at=_utc(notification.timestamp),
                extra={"provider_kind": notification.kind},
                transaction_id=getattr(disputed, "id", None) or None,
                amount=_decimal(getattr(dispute, "amount_disputed", None)),
                currency=getattr(dispute, "currency_iso_code", None) or None,
            )
        subscription = getattr(notification, "subscription", None)
        charge = (getattr(subscription, "transactions", None) or [None])[0]  # the newest first
        return WebhookEvent(
            kind=kind,
            transaction_id=getattr(charge, "id", None) or None,
            amount=_decimal(getattr(charge, "amount", None)),
            currency=getattr(charge, "currency_iso_code", None) or None,
            card_country=issuing_country(
                getattr(getattr(charge, "credit_card_details", None), "country_of_issuance", None)
            ),
            gateway_id=getattr(subscription, "id", "") or "",
            occurred_at=_utc(notification.timestamp),
            paid_through=_utc(getattr(subscription, "paid_through_date", None)),
            next_billing_date=_utc(getattr(subscription, "next_billing_date", None)),
            extra={"provider_kind": notification.kind},
        )

    @_unavailable_on_network_error
    def find_transaction(self, transaction_id: str) -> TransactionInfo | None:
        try:
            tx = self._sdk.transaction.find(transaction_id)
        except NotFoundError:
            return None
        refunded = Decimal(0)
        for refund_id in getattr(tx, "refund_ids", None) or []:
            refund = self._sdk.transaction.find(refund_id)
            if refund.status in _REFUND_LIVE:
                refunded += Decimal(refund.amount)
        return TransactionInfo(
            transaction_id=tx.id,
            status=_TRANSACTION_STATUSES.get(tx.status, NOT_CHARGED),
            amount=Decimal(tx.amount),
            currency=tx.currency_iso_code,
            refunded=refunded,
        )

    @_unavailable_on_network_error
    def refund(self, transaction_id: str, amount: Decimal) -> GatewayResult:
        try:
            result = self._sdk.transaction.refund(transaction_id, _money(amount))
        except NotFoundError:
            return GatewayResult(ok=False, error=GATEWAY_REJECTED)
        if result.is_success:
            return GatewayResult(
                ok=True, gateway_id=result.transaction.id, amount=Decimal(result.transaction.amount)
            )
        return GatewayResult(ok=False, error=_failed("transaction.refund", transaction_id, result))

    @_unavailable_on_network_error
    def void(self, transaction_id: str) -> GatewayResult:
        try:
            result = self._sdk.transaction.void(transaction_id)
        except NotFoundError:
            return GatewayResult(ok=False, error=GATEWAY_REJECTED)
        if result.is_success:
            return GatewayResult(
                ok=True, gateway_id=result.transaction.id, amount=Decimal(result.transaction.amount)
            )
        return GatewayResult(ok=False, error=_failed("transaction.void", transaction_id, result))

    @_unavailable_on_network_error
    def update_payment_method(
        self,
        gateway_id: str,
        customer_id: str | None,
        nonce: str,
        *,
        device_data: str | None = None,
        currency: str | None = None,
        billing_name: str = "",
    ) -> GatewayResult:
        """PaymentMethod.create (verify_card, keeping a 3-D Secure nonce's authentication), then
        Subscription.update to the new token; the old method is deleted only once the subscription uses
        the new one. A refused update deletes the method just vaulted, so nothing is left behind."""
        try:
            subscription = self._sdk.subscription.find(gateway_id)
        except NotFoundError:
            return GatewayResult(ok=False, gateway_id=gateway_id, error=GATEWAY_REJECTED)
        old_token = getattr(subscription, "payment_method_token", None)
        if not customer_id:
            try:
                customer_id = self._sdk.payment_method.find(old_token).customer_id
            except NotFoundError:
                return GatewayResult(ok=False, gateway_id=gateway_id, error=GATEWAY_REJECTED)
        params: dict[str, Any] = {
            "customer_id": customer_id,
            "payment_method_nonce": nonce,
            "options": {
                "verify_card": True,
                "verification_amount": _money(tds.CARD_VERIFICATION_AMOUNT),
            },
        }
        if currency in self._merchant_accounts:
            params["options"]["verification_merchant_account_id"] = self._merchant_accounts[
                currency
            ]
        if device_data:
            params["device_data"] = device_data
        if billing_name:
            params["cardholder_name"] = billing_name
        vaulted = self._sdk.payment_method.create(params)
        if not vaulted.is_success:
            return GatewayResult(
                ok=False,
                gateway_id=gateway_id,
                error=_failed("payment_method.create", gateway_id, vaulted),
            )
        token = vaulted.payment_method.token
        updated = self._sdk.subscription.update(gateway_id, {"payment_method_token": token})
        if not updated.is_success:
            error = _failed("subscription.update", gateway_id, updated)
            self._delete_method(token)  # the subscription keeps its old method
            return GatewayResult(ok=False, gateway_id=gateway_id, error=error)
        if old_token and old_token != token:
            self._delete_method(old_token)
        return _success(updated.subscription, vaulted.payment_method)

    @_unavailable_on_network_error
    def retry_charge(self, gateway_id: str, amount: Decimal) -> GatewayResult:
        """Subscription.retry_charge with submit_for_settlement: the past-due balance, charged now."""
        try:
            result = self._sdk.subscription.retry_charge(gateway_id, _money(amount), True)
        except NotFoundError:
            return GatewayResult(ok=False, gateway_id=gateway_id, error=GATEWAY_REJECTED)
        if not result.is_success:
            return GatewayResult(
                ok=False,
                gateway_id=gateway_id,
                error=_failed("subscription.retry_charge", gateway_id, result),
            )
        tx = result.transaction
        next_billing = None
        try:  # the new billing date, for the profile; the charge stands without it
            next_billing = _utc(
                getattr(self._sdk.subscription.find(gateway_id), "next_billing_date", None)
            )
        except NotFoundError:
            pass
        return GatewayResult(
            ok=True,
            gateway_id=gateway_id,
            transaction_id=tx.id,
            amount=Decimal(tx.amount),
            next_billing_date=next_billing,
        )

    def _delete_method(self, token: str) -> None:
        try:
            result = self._sdk.payment_method.delete(token)
        except NotFoundError:
            return
        if not result.is_success:
            # the vault token itself stays out of the log (docs/security.md)
            log.warning("braintree payment_method.delete failed: %s", result.message)

    def _ensure_customer(self, request: SubscriptionRequest) -> str | None:
        try:
            self._sdk.customer.find(request.customer_id)
            return None
        except NotFoundError:
            pass
        created = self._sdk.customer.create({"id": request.customer_id, "email": request.email})
        if created.is_success or _has_code(
            created, ErrorCodes.Customer.IdIsInUse
        ):  # lost a race: fine
            return None
        return _failed("customer.create", request.subscription_id, created)

    def _existing(self, subscription_id: str) -> GatewayResult | None:
        try:
            subscription = self._sdk.subscription.find(subscription_id)
        except NotFoundError:
            return None
        if (
            subscription.status in _FINISHED
        ):  # the id belongs to an ended subscription, not to a retry
            return GatewayResult(ok=False, gateway_id=subscription.id, error=DUPLICATE)
        try:
            method = self._sdk.payment_method.find(subscription.payment_method_token)
        except NotFoundError:
            method = None
        return _success(subscription, method)

    def _payment_method_params(self, r: SubscriptionRequest) -> dict[str, Any]:
        # Braintree applies verify_card (and cardholder_name) to cards only; other kinds ignore them.
        params: dict[str, Any] = {
            "customer_id": r.customer_id,
            "payment_method_nonce": r.nonce,
            "options": {"verify_card": True},
        }
        # verify_card keeps a 3-D Secure nonce's authentication on the verification (Braintree: 3-D Secure
        # information is lost on PaymentMethod.create without it); the web authenticated a trial for this amount.
        params["options"]["verification_amount"] = _money(tds.CARD_VERIFICATION_AMOUNT)
        if r.currency in self._merchant_accounts:
            params["options"]["verification_merchant_account_id"] = self._merchant_accounts[
                r.currency
            ]
        if r.device_data:
            params["device_data"] = r.device_data
        if r.billing_name:
            params["cardholder_name"] = r.billing_name
        return params

    def _subscription_params(self, r: SubscriptionRequest, token: str) -> dict[str, Any]:
        # Our price includes the add-ons while Braintree adds them on top: send the base price,
        # and inherit nothing from the plan so that the control panel cannot change the charge.
        base_price = r.price - sum((amount for _, amount in r.add_ons), Decimal(0))
        if base_price < 0:
            raise ValueError("add-ons cost more than the subscription price")
        params: dict[str, Any] = {
            "id": r.subscription_id,
            "payment_method_token": token,
            "plan_id": r.plan_id,
            "price": _money(base_price),
            "options": {"do_not_inherit_add_ons_or_discounts": True},
        }
        if r.trial_days > 0:
            params.update(
                trial_period=True,
                trial_duration=r.trial_days,
                trial_duration_unit=braintree.Subscription.TrialDurationUnit.Day,
            )
        else:
            params["trial_period"] = False
        if r.discount:
            params["discounts"] = {
                "add": [
                    {
                        "inherited_from_id": COUPON_DISCOUNT_ID,
                        "amount": _money(r.discount.amount),
                        "number_of_billing_cycles": r.discount.cycles,
                    }
                ]
            }
        if r.add_ons:
            params["add_ons"] = {
                "add": [
                    {"inherited_from_id": add_on_id, "amount": _money(amount)}
                    for add_on_id, amount in r.add_ons
                ]
            }
        if r.currency in self._merchant_accounts:
            params["merchant_account_id"] = self._merchant_accounts[r.currency]
        return params


def _environment(environment) -> braintree.Environment:
    if isinstance(environment, braintree.Environment):
        return environment
    if environment not in _ENVIRONMENTS:
        raise ValueError(
            f"Braintree environment must be 'sandbox' or 'production', not {environment!r}"
        )
    return _ENVIRONMENTS[environment]


def _success(subscription, method) -> GatewayResult:
    kind = next((kind for cls, kind in _METHOD_KINDS if isinstance(method, cls)), None)
    charge = (getattr(subscription, "transactions", None) or [None])[0]  # charged at once: no trial
    return GatewayResult(
        ok=True,
        gateway_id=subscription.id,
        payment_method=kind,
        next_billing_date=_utc(getattr(subscription, "next_billing_date", None)),
        transaction_id=getattr(charge, "id", None) or None,
        amount=_decimal(getattr(charge, "amount", None)),
        **_method_details(method),
    )


def _method_details(method) -> dict:
    """The brand and last four digits of a card (Google Pay: the card behind it), or the PayPal
    payer's e-mail, masked at once; nothing else of the payment method is kept."""
    if method is None:
        return {}
    email = getattr(method, "email", None)
    if isinstance(email, str) and email:
        return {"payer_email": mask_payer_email(email)}
    brand = getattr(method, "card_type", None) or getattr(method, "source_card_type", None)
    last4 = getattr(method, "last_4", None) or getattr(method, "source_card_last_4", None)
    # The card's expiry as MM/YYYY, for the card-expiring e-mail (docs/billing.md#failed-payments-and-dunning)
    month, year = (
        str(getattr(method, f"expiration_{part}", "") or "") for part in ("month", "year")
    )
    valid = month.isdigit() and 1 <= int(month) <= 12 and year.isdigit() and len(year) == 4
    expiry = f"{int(month):02d}/{year}" if valid else None
    return {
        "card_brand": brand if isinstance(brand, str) else None,
        "card_last4": last4 if isinstance(last4, str) and len(last4) == 4 else None,
        "card_country": issuing_country(getattr(method, "country_of_issuance", None)),
        "card_expiry": expiry,
    }


def issuing_country(raw: object) -> str | None:
    """A card's `country_of_issuance` (Braintree answers ISO alpha-3, or "Unknown"): VAT location
    evidence (docs/billing.md#vat); None when the gateway does not know."""
    if not isinstance(raw, str) or not raw.isalpha() or len(raw) not in (2, 3):
        return None
    return raw.upper()


def _failed(call: str, reference: str, result) -> str:
    neutral = classify_error(result)
    codes = [error.code for error in result.errors.deep_errors]
    log.warning(
        "braintree %s failed for %s: %s %s -> %s", call, reference, result.message, codes, neutral
    )
    return neutral


def _has_code(result, code: str) -> bool:
    return any(error.code == code for error in result.errors.deep_errors)


def _money(amount: Decimal) -> str:
    return str(Decimal(amount).quantize(_CENT))


def _decimal(value) -> Decimal | None:
    return None if value in (None, "") else Decimal(str(value))


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


@overload
def _utc(value: date | datetime) -> datetime: ...
@overload
def _utc(value: date | datetime | None) -> datetime | None: ...


def _utc(value: date | datetime | None) -> datetime | None:
    """SDK dates are calendar days (midnight UTC); its datetimes are naive UTC."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return datetime(value.year, value.month, value.day, tzinfo=UTC)
