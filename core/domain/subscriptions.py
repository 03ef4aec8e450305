"""Subscriptions: states, transitions and what "premium" means (docs/product.md#entities, docs/product.md#flows, docs/product.md#constants).

free trial (7 days) -> active (auto-renewing) -> cancelled (access until endDate) -> expired.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from core.domain.catalogue import covered_apps

TRIAL_DAYS = 7
NO_CHANGE_WINDOW = timedelta(
    hours=24
)  # a plan change inside it is not billed at the coming renewal

PENDING = "Pending"  # a payment is under way; never shown to the parent
FAILED = "Failed"  # the payment was refused; never shown
TRIAL = "Trial"
ACTIVE = "Active"
PAST_DUE = "Past_Due"
CANCELLED = "Cancelled"
EXPIRED = "Expired"
FREE_CAMPAIGN = "Free_Campaign"
HIDDEN_STATES = (PENDING, FAILED)

WEB_STORE = "lumo"
STORES = (
    "lumo",
    "ios",
    "playstore",
    "docomo",
    "swisscom",
    "virgo",
    "switch",
    "mondia",
    "samsung",
    "salt",
)


@dataclass
class Subscription:
    account_id: int
    subscription_type: str
    duration_code: str
    store_id: str
    payment_state_id: str
    end_date: datetime | None = None
    next_billing_date: datetime | None = None
    payment_plan_id: str | None = None
    payment_plan_price: Decimal | None = None
    currency: str | None = None
    is_renewing: bool = True
    payment_method: str | None = None
    coupon: str | None = None
    platform_purchase_id: str | None = None
    cancelled_at: datetime | None = None
    created_at: datetime | None = None
    gateway_id: str | None = None
    idempotency_key: str | None = None  # scoped to the account (core.domain.purchases.scoped_key)
    request_fingerprint: str | None = None  # what the key was first used for
    last_event_at: datetime | None = None
    pending_plan_id: str | None = None
    pending_price: Decimal | None = None
    pending_subscription_type: str | None = None
    partner: str | None = None
    three_d_secure_status: str | None = (
        None  # Braintree's 3-D Secure status of the card paid with, if any
    )
    liability_shifted: bool | None = (
        None  # fraud liability shifted to the issuer; None: 3-D Secure did not apply
    )
    payment_brand: str | None = None  # card brand the gateway reported (issue 15)
    payment_last4: str | None = None  # the card's last four digits
    payment_email: str | None = None  # a PayPal account's e-mail, masked (payments.mask_email)
    id: int | None = None

    def is_expired(self, now: datetime) -> bool:
        return self.payment_state_id == EXPIRED or (
            self.end_date is not None and self.end_date <= now
        )

    @property
    def visible(self) -> bool:
        return self.payment_state_id not in HIDDEN_STATES

    def is_cancelled(self) -> bool:
        return not self.is_renewing or self.payment_state_id in (CANCELLED, EXPIRED)

    def cancel(self, now: datetime) -> None:
        """Renewal stops; access continues until end_date."""
        self.is_renewing = False
        self.payment_state_id = CANCELLED
        self.cancelled_at = now
        self.next_billing_date = None
        self.pending_plan_id = self.pending_price = self.pending_subscription_type = None

    def charged(self, paid_through: datetime | None, next_billing: datetime | None) -> None:
        if self.pending_plan_id:  # a change made inside the 24-hour window applies from now on
            self.payment_plan_id, self.payment_plan_price = self.pending_plan_id, self.pending_price
            self.subscription_type = self.pending_subscription_type or self.subscription_type
            self.pending_plan_id = self.pending_price = self.pending_subscription_type = None
        self.payment_state_id = ACTIVE
        self.end_date = paid_through or next_billing or self.end_date
        self.next_billing_date = next_billing or paid_through

    def expire(self, now: datetime) -> None:
        self.payment_state_id = EXPIRED
        self.is_renewing = False
        self.next_billing_date = None
        if self.end_date is None or self.end_date > now:
            self.end_date = now

    def in_no_change_window(self, now: datetime) -> bool:
        return (
            self.next_billing_date is not None and self.next_billing_date - now <= NO_CHANGE_WINDOW
        )


def visible(subscriptions: list[Subscription]) -> list[Subscription]:
    return [s for s in subscriptions if s.visible]


def is_premium(subscriptions: list[Subscription], now: datetime) -> bool:
    """Premium means at least one non-expired subscription."""
    return any(not s.is_expired(now) for s in visible(subscriptions))


def products_with_access(subscriptions: list[Subscription], now: datetime) -> frozenset:
    return covered_apps(
        s.subscription_type for s in visible(subscriptions) if not s.is_expired(now)
    )


def had_trial(subscriptions: list[Subscription]) -> bool:
    """One free trial per account: any earlier web subscription used it."""
    return any(
        s.store_id == WEB_STORE
        and s.payment_state_id not in (FAILED, FREE_CAMPAIGN)
        and s.payment_method != "coupon"
        for s in subscriptions
    )
