"""The payment history of a subscription: charges, refunds, voids and disputes (docs/billing-refunds.md).

A `Payment` is one charge at the gateway (one transaction id); its `refunded_amount` only grows, through one
conditional UPDATE that the database refuses past the charged amount, so two operators refunding at once
can never give back more than was taken. Every operation on it is a `PaymentEvent` with who and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation

# Event kinds
CHARGE, REFUND, VOID = "charge", "refund", "void"
DISPUTE_OPENED, DISPUTE_WON, DISPUTE_LOST = "dispute_opened", "dispute_won", "dispute_lost"
# A withdrawal's refund (docs/consumer-law-withdrawal.md): its own kinds, one per subscription
WITHDRAWAL_REFUND, WITHDRAWAL_VOID = "withdrawal_refund", "withdrawal_void"
KINDS = (
    CHARGE,
    REFUND,
    VOID,
    DISPUTE_OPENED,
    DISPUTE_WON,
    DISPUTE_LOST,
    WITHDRAWAL_REFUND,
    WITHDRAWAL_VOID,
)
# What the gateway is asked to do for each kind that gives money back
OPERATION = {REFUND: REFUND, VOID: VOID, WITHDRAWAL_REFUND: REFUND, WITHDRAWAL_VOID: VOID}
# Event statuses: a refund or void is written pending before the gateway is called
EVENT_PENDING, EVENT_SUCCEEDED, EVENT_FAILED = "pending", "succeeded", "failed"
# Payment statuses
CHARGED, VOIDED = "charged", "voided"

GATEWAY_ACTOR = "gateway"  # the actor of what the gateway tells us (charges, disputes)
CENT = Decimal("0.01")


@dataclass
class Payment:
    transaction_id: str
    account_id: int | None
    subscription_id: int | None
    amount: Decimal
    currency: str
    created_at: datetime
    refunded_amount: Decimal = Decimal("0")  # given back or reserved by a refund under way
    status: str = CHARGED
    # The VAT split at the time and the location evidence (docs/billing.md#vat)
    vat_rate: Decimal | None = None
    net_amount: Decimal | None = None
    vat_amount: Decimal | None = None
    billing_country: str | None = None
    card_country: str | None = None  # the card's issuing country, where the gateway gives it
    evidence_conflict: bool = (
        False  # the two disagree: billed by billing_country, flagged for finance
    )
    id: int | None = None

    @property
    def refundable(self) -> Decimal:
        return Decimal(0) if self.status == VOIDED else self.amount - self.refunded_amount


@dataclass
class PaymentEvent:
    kind: str
    transaction_id: str
    amount: Decimal | None
    currency: str | None
    status: str
    actor: str
    reason: str
    operation_key: str  # unique: the same operation is recorded (and sent to the gateway) once
    created_at: datetime
    payment_id: int | None = None
    subscription_id: int | None = None
    account_id: int | None = None
    gateway_ref: str | None = None  # the refund's own transaction id, the dispute id
    end_access: bool = False
    id: int | None = None


class InvalidAmount(ValueError):
    pass


def parse_amount(raw: str | Decimal | None) -> Decimal | None:
    """An operator's amount: None (everything left), else a positive Decimal with at most two decimals."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    if isinstance(raw, float):
        raise InvalidAmount("amounts are Decimal, never float")
    try:
        amount = Decimal(str(raw).strip())
    except InvalidOperation as exc:
        raise InvalidAmount(f"not an amount: {raw!r}") from exc
    if not amount.is_finite() or amount <= 0 or amount != amount.quantize(CENT):
        raise InvalidAmount(f"an amount is positive with at most two decimals, not {raw!r}")
    return amount.quantize(CENT)
