"""The right of withdrawal from a web subscription, and the express request to start at once
(docs/consumer-law-withdrawal.md).

Pure rules: when a contract can still be withdrawn from (14 days from its conclusion; a free trial that
converts opens no second period), how much a withdrawal gives back (everything without a recorded express
request, else the unused share of the paid period), and the records kept of the request and the declaration.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_HALF_EVEN, Decimal

from core.domain.catalogue import EU_COUNTRIES
from core.domain.subscriptions import HIDDEN_STATES, WEB_STORE, State, Subscription

WITHDRAWAL_PERIOD = timedelta(days=14)  # CRD art. 9(1), (2)(c); § 355(2) BGB
# The wording of the checkbox at checkout and of the withdrawal page; a new wording gets a new version, so
# a stored request always says which text the parent saw (locales/<lang>.json "Withdrawal").
CONSENT_VERSION = "express-start-2026-11"
DECLARATION_VERSION = "withdrawal-2026-11"
REFERENCE_PREFIX = "LUMO-"
CENT = Decimal("0.01")
DAY = timedelta(days=1)

PUBLIC, PROFILE = "public", "profile"  # where the declaration was made


def in_eu(country: str | None) -> bool:
    return (country or "").upper() in EU_COUNTRIES


def contract_reference(subscription_id: int) -> str:
    """What the parent quotes to name a contract: printed on the receipt and the profile."""
    return f"{REFERENCE_PREFIX}{subscription_id}"


def parse_reference(raw: str | None) -> int | None:
    """ "LUMO-42", "lumo-42" or "42" -> 42; anything else -> None."""
    text = (raw or "").strip().upper()
    text = text.removeprefix(REFERENCE_PREFIX).removeprefix("#")
    return int(text) if text.isdigit() and 0 < len(text) <= 12 else None


def deadline(sub: Subscription) -> datetime | None:
    """The end of the withdrawal period: 14 days from the contract's conclusion (its creation), never
    from a trial's conversion (CJEU C-565/22 Sofatutor)."""
    return sub.created_at + WITHDRAWAL_PERIOD if sub.created_at else None


def withdrawable(sub: Subscription, now: datetime) -> bool:
    """A web contract, concluded less than 14 days ago, still running: the withdrawal function shows."""
    ends = deadline(sub)
    return (
        sub.store_id == WEB_STORE
        and sub.payment_state_id not in HIDDEN_STATES
        and sub.payment_state_id != State.FREE_CAMPAIGN
        and sub.payment_method != "coupon"
        and ends is not None
        and now < ends
        and not sub.is_expired(now)
    )


def refund_due(
    paid: Decimal,
    charged_at: datetime,
    period_end: datetime,
    now: datetime,
    express_request: bool,
) -> Decimal:
    """What a withdrawal gives back of one charge (CRD art. 14(3), § 357a(2) BGB).

    Without an express request to start during the withdrawal period: all of it. With one: the days not
    used, pro rata: days are whole days counted from the charge, the day under way counts as used (day 3
    after the charge: 3 days used); the period's length is the whole days from the charge to the end of the
    period paid for; the result is rounded half-even to the cent and never exceeds what was paid."""
    paid = Decimal(paid)
    if not express_request:
        return paid.quantize(CENT)
    if now < charged_at:
        return paid.quantize(CENT)
    days_in_period = max(1, (period_end - charged_at) // DAY)
    days_used = min(days_in_period, (now - charged_at) // DAY + 1)
    share = paid * Decimal(days_in_period - days_used) / Decimal(days_in_period)
    return min(paid, max(Decimal(0), share)).quantize(CENT, rounding=ROUND_HALF_EVEN)


@dataclass
class PurchaseConsent:
    """What the payment step showed and the parent answered (EU checkouts): the express request to start
    now, unticked unless the parent ticked it, with the price shown as due after any free days."""

    subscription_id: int
    account_id: int
    express_request: bool
    version: str
    language: str
    country: str
    price_after_trial: Decimal
    currency: str
    at: datetime
    id: int | None = None


@dataclass
class Withdrawal:
    """A withdrawal declaration as received, and what it did: one per subscription (the database says so)."""

    subscription_id: int
    account_id: int
    name: str
    email: str  # the address the acknowledgement goes to (stored, never logged)
    reference: str
    channel: str  # PUBLIC or PROFILE
    language: str
    version: str
    country: str | None
    express_request: bool
    refund_amount: Decimal
    currency: str
    at: datetime
    id: int | None = None
    # The console's queue (docs/operator-console.md#public-declarations): set once, when staff mark it handled.
    handled_at: datetime | None = None
    handled_by: str | None = None  # the staff member's e-mail
    handled_reason: str | None = None
    # docs/consumer-law-withdrawal.md#retried-refunds: the beat's retries of a refund the gateway did not answer.
    refund_attempts: int = 0
    refund_retry_at: datetime | None = None


REFUND_RETRY_BASE = timedelta(minutes=2)  # after the refund service's own STALE_PENDING
REFUND_RETRY_CAP = timedelta(hours=6)
REFUND_RETRY_MAX = (
    20  # about four days of retries; then the console's queue shows it to an operator
)


def refund_retry_after(attempts: int) -> timedelta:
    """The wait before the next automatic retry of a withdrawal refund after `attempts` tries:
    2, 4, 8 … minutes, at most 6 hours (docs/consumer-law-withdrawal.md#retried-refunds)."""
    wait: timedelta = REFUND_RETRY_BASE * (2 ** max(0, attempts - 1))
    return min(REFUND_RETRY_CAP, wait)
