"""The payment gateway port and the provider-neutral data that crosses it.

Exactly one adapter module imports `braintree`; everything else speaks these
dataclasses. Error codes are ours, mapped from the provider's in one table.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Protocol

from core.domain.three_d_secure import NonceFacts

# Neutral payment-method kinds
CARD, PAYPAL, GOOGLE_PAY = "card", "paypal", "google_pay"
APPLE_PAY = "apple_pay"

# The card brands Lumo takes, as Braintree names them: the marks the payment form shows and Google Pay's
# networks (docs/product.md#constants). The merchant account's accepted card types must be the same
# (docs/taking-real-money.md); the sandbox refuses the others as Braintree then does.
ACCEPTED_CARD_BRANDS = frozenset({"Visa", "MasterCard", "American Express"})

# Neutral error codes -> the message key a parent may see (locales, namespace Errors).
DECLINED = "declined"
GATEWAY_REJECTED = "gateway_rejected"
CVV_FAILED = "cvv_failed"
INVALID_NONCE = "invalid_nonce"
CONSUMED_NONCE = "consumed_nonce"
BRAND_NOT_ACCEPTED = "brand_not_accepted"
DUPLICATE = "duplicate"
UNAVAILABLE = "unavailable"
MESSAGE_KEYS = {
    DECLINED: "paymentDeclined",
    GATEWAY_REJECTED: "paymentNotValid",
    CVV_FAILED: "cvvFailed",
    INVALID_NONCE: "paymentNotValid",
    CONSUMED_NONCE: "paymentNotValid",
    BRAND_NOT_ACCEPTED: "cardBrandNotAccepted",
    DUPLICATE: "duplicatePayment",
    UNAVAILABLE: "subscriptionCreateFailed",
}


@dataclass(frozen=True)
class Discount:
    amount: Decimal  # taken off each billing cycle
    cycles: int  # for how many billing cycles


@dataclass(frozen=True)
class SubscriptionRequest:
    subscription_id: str  # ours, deterministic: a retry finds the one already created
    customer_id: str
    email: str
    nonce: str
    plan_id: str
    price: Decimal  # per billing cycle, add-ons included
    currency: str
    billing_name: str = ""
    device_data: str | None = None
    trial_days: int = (
        0  # free days before the first charge (trial, access coupon, paid-through days)
    )
    discount: Discount | None = None
    add_ons: tuple[tuple[str, Decimal], ...] = ()


@dataclass(frozen=True)
class GatewayResult:
    ok: bool
    gateway_id: str | None = None
    payment_method: str | None = None  # CARD, PAYPAL, GOOGLE_PAY
    error: str | None = None  # one of the neutral codes above
    next_billing_date: datetime | None = None
    transaction_id: str | None = (
        None  # the first charge, when the subscription charged at once (no trial)
    )
    amount: Decimal | None = None  # what that charge (or a refund) took or gave back
    # What the parent sees of the payment method on the profile, never more.
    card_brand: str | None = None  # "Visa", "MasterCard", "American Express"…
    card_last4: str | None = None
    payer_email: str | None = None  # a PayPal account, already masked by mask_payer_email
    # The card's issuing country (ISO alpha-2/3 as the gateway gives it): VAT location evidence
    # (docs/billing.md#vat); None for PayPal or when the gateway does not know
    card_country: str | None = None
    card_expiry: str | None = (
        None  # MM/YYYY: the card-expiring e-mail (docs/billing.md#failed-payments-and-dunning)
    )


def mask_payer_email(address: str | None) -> str | None:
    """j•••@example.com: the first character of the local part and the domain, nothing else."""
    if not address or "@" not in address:
        return None
    local, _, domain = address.rpartition("@")
    return f"{local[:1]}•••@{domain}" if local and domain else None


@dataclass(frozen=True)
class WebhookEvent:
    kind: str  # charged | charge_failed | past_due | expired | canceled | went_active | dispute_* | other
    gateway_id: str
    occurred_at: datetime
    paid_through: datetime | None = None
    next_billing_date: datetime | None = None
    extra: dict[str, Any] = field(default_factory=dict[str, Any])
    # charged: the transaction of that charge; dispute_*: the disputed transaction (gateway_id is the dispute's id)
    transaction_id: str | None = None
    amount: Decimal | None = None
    currency: str | None = None
    card_country: str | None = (
        None  # charged: the card's issuing country, where the gateway gives it
    )


# Braintree's documented test nonces name their kind; a real nonce is opaque until the gateway reads it.
_NONCE_KINDS = (
    ("fake-paypal-", PAYPAL),
    ("fake-android-pay-", GOOGLE_PAY),
    ("fake-google-pay-", GOOGLE_PAY),
    ("fake-apple-pay-", "apple_pay"),
)


def nonce_kind(nonce: str) -> str:
    """What kind of payment method a nonce stands for, as far as it says (part of a request's fingerprint)."""
    for prefix, kind in _NONCE_KINDS:
        if (nonce or "").startswith(prefix):
            return kind
    return CARD if (nonce or "").startswith("fake-") else "opaque"


class InvalidWebhookSignature(Exception):
    pass


class GatewayUnavailable(Exception):
    """The provider did not answer (timeout, network): the outcome is unknown."""


# Transactions: where a charge stands, for refunds and voids (docs/billing-refunds.md).
UNSETTLED = (
    "unsettled"  # authorized or submitted for settlement: it can be voided (whole), not refunded
)
SETTLED = "settled"  # settling or settled: it can be refunded, in full or in part
VOIDED = "voided"
NOT_CHARGED = "not_charged"  # declined, rejected, failed, expired: nothing to give back
DISPUTE_KINDS = ("dispute_opened", "dispute_won", "dispute_lost")

# Webhook kinds in our own words (docs/billing.md#webhook-kinds): what webhook_events.kind holds. Anything else a
# gateway sends, a kind we do not know or an event whose fields do not fit the log's columns, is recorded as
# OTHER_KIND with the provider's own kind kept (cut to PROVIDER_KIND_LENGTH), and changes nothing.
SUBSCRIPTION_KINDS = ("charged", "charge_failed", "past_due", "expired", "canceled", "went_active")
OTHER_KIND = "other"
WEBHOOK_KINDS = (*SUBSCRIPTION_KINDS, *DISPUTE_KINDS, OTHER_KIND)
KIND_LENGTH = 30  # webhook_events.kind
PROVIDER_KIND_LENGTH = 64  # webhook_events.provider_kind
GATEWAY_ID_LENGTH = 64  # webhook_events.gateway_id and transaction_id
MAX_AMOUNT = Decimal("9999999999.99")  # webhook_events.amount: NUMERIC(12, 2)


def screened(event: WebhookEvent) -> WebhookEvent:
    """The event as the webhook log can hold it: a kind of ours, or OTHER_KIND with the provider's kind in
    `extra["provider_kind"]` when the kind is unknown or a field would not fit its column."""
    provider_kind = str(event.extra.get("provider_kind") or event.kind)[:PROVIDER_KIND_LENGTH]
    fits = (
        len(event.gateway_id) <= GATEWAY_ID_LENGTH
        and len(event.transaction_id or "") <= GATEWAY_ID_LENGTH
        and (event.currency is None or (len(event.currency) == 3 and event.currency.isascii()))
        and (event.amount is None or (event.amount.is_finite() and abs(event.amount) <= MAX_AMOUNT))
    )
    if event.kind in WEBHOOK_KINDS and fits:
        return replace(event, extra={**event.extra, "provider_kind": provider_kind})
    return WebhookEvent(
        kind=OTHER_KIND,
        gateway_id=event.gateway_id[:GATEWAY_ID_LENGTH],
        occurred_at=event.occurred_at,
        extra={"provider_kind": provider_kind},
    )


@dataclass(frozen=True)
class TransactionInfo:
    transaction_id: str
    status: str  # UNSETTLED, SETTLED, VOIDED or NOT_CHARGED
    amount: Decimal
    currency: str
    refunded: Decimal = Decimal("0")  # the sum of the refunds the gateway has made of it


class PaymentGateway(Protocol):
    def client_token(self, customer_id: str | None = None, currency: str | None = None) -> str:
        """A token for the payment form; with `currency`, bound to that currency's merchant account (3-D Secure
        verifies the card against the merchant account that will charge it)."""

    def create_subscription(self, request: SubscriptionRequest) -> GatewayResult: ...
    def find_subscription(self, subscription_id: str) -> GatewayResult | None:
        """The subscription created under our id (SubscriptionRequest.subscription_id), None if there is none."""

    def inspect_nonce(self, nonce: str) -> NonceFacts | None:
        """What the gateway knows of a nonce before it is used (its kind and any 3-D Secure result,
        core/domain/three_d_secure.py); None: no such nonce (the payment call then refuses it).
        GatewayUnavailable when the gateway does not answer."""

    def cancel_subscription(self, gateway_id: str) -> GatewayResult: ...
    def change_plan(self, gateway_id: str, plan_id: str, price: Decimal) -> GatewayResult:
        """Bill another plan of the same billing frequency from the next cycle on (a gateway refuses a
        change from a yearly to a monthly plan: that is `continue_on_plan`)."""

    def continue_on_plan(
        self, gateway_id: str, next_id: str, plan_id: str, price: Decimal, starts_on: date
    ) -> GatewayResult:
        """Bill another plan, of another billing frequency, from `starts_on` on
        (docs/consumer-law-renewal.md#at-the-gateway): the subscription `gateway_id` runs out at the end of
        its paid cycle (one that billed nothing yet is cancelled), and `next_id` starts on the same stored
        payment method with `plan_id` at `price`, first billed on `starts_on`. Safe to repeat: a retry finds
        `next_id` and creates nothing; gateway_id of the answer is the new subscription's."""

    def delete_customer(self, customer_id: str) -> GatewayResult:
        """Remove the customer and its stored payment methods (past transactions stay with the provider);
        ok when there is no such customer."""

    def parse_webhook(self, signature: str, payload: str) -> WebhookEvent:
        """Verify and decode a webhook; InvalidWebhookSignature if it is not genuine."""

    def find_transaction(self, transaction_id: str) -> TransactionInfo | None:
        """Where a charge stands; None when the gateway does not know it."""

    def refund(self, transaction_id: str, amount: Decimal) -> GatewayResult:
        """Give back `amount` of a settled charge; gateway_id is the refund's own transaction id."""

    def void(self, transaction_id: str) -> GatewayResult:
        """Cancel a charge that has not settled (all of it)."""

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
        """Vault the method `nonce` stands for with the customer (a card is verified, a 3-D Secure nonce keeps
        its authentication; `currency` picks the merchant account that verifies it), then point subscription
        `gateway_id` at it (docs/billing.md#fixing-a-failed-payment). The old method is removed only after the
        subscription uses the new one; a refusal leaves the subscription as it was. `customer_id` None: the
        subscription's own customer. The answer carries the new method's kind and what the profile shows of it
        (card_brand, card_last4 or payer_email)."""

    def retry_charge(self, gateway_id: str, amount: Decimal) -> GatewayResult:
        """Charge a past-due subscription's balance `amount` again, submitted for settlement at once.
        ok: transaction_id and amount of the charge, next_billing_date when known; refused: the neutral error,
        nothing taken. The gateway refuses a retry of a subscription that is not past due (no double charge)."""
