"""Subscriptions: states, transitions and what "premium" means (docs/product.md#entities, docs/product.md#flows, docs/product.md#constants).

free trial (7 days) -> active (auto-renewing) -> cancelled (access until endDate) -> expired.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum

from core.domain.catalogue import covered_apps

TRIAL_DAYS = 7
NO_CHANGE_WINDOW = timedelta(
    hours=24
)  # a plan change inside it is not billed at the coming renewal


class State(StrEnum):
    """A subscription's state (payment_state_id), as the apps and the database spell it."""

    PENDING = "Pending"  # a payment is under way; never shown to the parent
    FAILED = "Failed"  # the payment was refused; never shown
    TRIAL = "Trial"
    ACTIVE = "Active"
    PAST_DUE = "Past_Due"
    CANCELLED = "Cancelled"
    EXPIRED = "Expired"
    FREE_CAMPAIGN = "Free_Campaign"


class Event(StrEnum):
    """What happens to a subscription: the gateway's events (payments.WebhookEvent.kind), the parent's
    cancellation and the clock."""

    CHARGED = "charged"
    CHARGE_FAILED = "charge_failed"
    PAST_DUE = "past_due"
    CANCELED = "canceled"  # the gateway cancelled it
    EXPIRED = "expired"  # the gateway let it expire
    WENT_ACTIVE = "went_active"
    PARENT_CANCELLED = (
        "parent_cancelled"  # the parent stopped renewal (or a carrier's in-app unsubscribe)
    )
    TIME_UP = "time_up"  # the subscription clock: its end date has passed
    WITHDRAWN = (
        "withdrawn"  # the parent withdrew from the contract (docs/consumer-law-withdrawal.md)
    )


GATEWAY_EVENTS = frozenset(
    {
        Event.CHARGED,
        Event.CHARGE_FAILED,
        Event.PAST_DUE,
        Event.CANCELED,
        Event.EXPIRED,
        Event.WENT_ACTIVE,
    }
)


class Effect(StrEnum):
    """What a transition asks of the outside world; the use case carries it out in the same transaction."""

    RECORD_CHARGE = "record_charge"  # the charge goes into the payment history
    RECEIPT_EMAIL = "receipt_email"
    PAYMENT_FAILED_EMAIL = "payment_failed_email"
    CANCELLATION_EMAIL = "cancellation_email"
    UNSUBSCRIBED = "unsubscribed"  # a carrier store or partner is told (callbacks.UNSUBSCRIBED)
    STOP_AT_GATEWAY = (
        "stop_at_gateway"  # the gateway cancels it (through the outbox): never charged again
    )


# The states by their old names (imported all over the code base).
PENDING, FAILED, TRIAL, ACTIVE = State.PENDING, State.FAILED, State.TRIAL, State.ACTIVE
PAST_DUE, CANCELLED, EXPIRED = State.PAST_DUE, State.CANCELLED, State.EXPIRED
FREE_CAMPAIGN = State.FREE_CAMPAIGN
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

    def apply(
        self,
        event: Event,
        at: datetime,
        paid_through: datetime | None = None,
        next_billing: datetime | None = None,
    ) -> tuple[Effect, ...]:
        """The one state machine: move to the state `event` leads to (at `at`) and return what must be
        done about it. `paid_through` and `next_billing` come with a charge."""
        if event == Event.CHARGED:
            # An older charge notice (paid through less than what stands) changes no date.
            if self.end_date is None or paid_through is None or paid_through >= self.end_date:
                renewing = self.is_renewing
                self.charged(paid_through, next_billing)
                if not renewing:  # a late charge notice never revives a cancelled subscription
                    self.payment_state_id = CANCELLED
            return (Effect.RECORD_CHARGE, Effect.RECEIPT_EMAIL)
        if event in (Event.CHARGE_FAILED, Event.PAST_DUE):
            if self.is_renewing:
                self.payment_state_id = PAST_DUE
            return (Effect.PAYMENT_FAILED_EMAIL,)
        if event == Event.CANCELED:
            if self.is_cancelled():
                return ()
            self.cancel(at)
            return (Effect.UNSUBSCRIBED,)
        if event == Event.PARENT_CANCELLED:
            if self.is_cancelled():
                return ()
            self.cancel(at)
            return (Effect.CANCELLATION_EMAIL, Effect.UNSUBSCRIBED)
        if event == Event.WITHDRAWN:  # access and renewal end now
            if self.payment_state_id == EXPIRED:
                return ()
            at_gateway = self.store_id == WEB_STORE and bool(self.gateway_id) and self.is_renewing
            self.cancelled_at = self.cancelled_at or at
            self.expire(at)
            return (Effect.STOP_AT_GATEWAY,) if at_gateway else ()
        if event in (Event.EXPIRED, Event.TIME_UP):
            self.expire(at)
            return ()
        if event == Event.WENT_ACTIVE:
            if self.is_renewing:
                self.payment_state_id = ACTIVE
            return ()
        raise ValueError(f"no transition for {event!r}")

    def in_no_change_window(self, now: datetime) -> bool:
        return (
            self.next_billing_date is not None and self.next_billing_date - now <= NO_CHANGE_WINDOW
        )


def visible(subscriptions: list[Subscription]) -> list[Subscription]:
    return [s for s in subscriptions if s.visible]


def is_premium(subscriptions: list[Subscription], now: datetime) -> bool:
    """Premium means at least one non-expired subscription."""
    return any(not s.is_expired(now) for s in visible(subscriptions))


def products_with_access(subscriptions: list[Subscription], now: datetime) -> frozenset[str]:
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
