"""Subscriptions: states, transitions and what "premium" means (docs/product.md#entities, docs/product.md#flows, docs/product.md#constants).

free trial (7 days) -> active (auto-renewing) -> cancelled (access until endDate) -> expired.

The events that move it and the effects a transition asks for: core/domain/subscription_events.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum

from core.domain.catalogue import MONTHLY, covered_apps
from core.domain.discount_schedule import DiscountSchedule, discount_schedule
from core.domain.subscription_events import Effect, Event

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


HIDDEN_STATES = (State.PENDING, State.FAILED)
# A charge notice paid through at most this much past the recorded end is for the period already recorded.
SAME_PERIOD = timedelta(hours=36)


WEB_STORE = "lumo"


@dataclass
class Subscription:
    account_id: int
    subscription_type: str
    duration_code: str
    store_id: str
    payment_state_id: State
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
    payment_brand: str | None = None  # card brand the gateway reported
    payment_last4: str | None = None  # the card's last four digits
    payment_email: str | None = (
        None  # a PayPal account's e-mail, masked (payments.mask_payer_email)
    )
    # A discount coupon's terms as the gateway bills them (docs/billing.md#one-price-truth): the reduced
    # price of a period, for how many charges in all, how many are still to come, and the first charge
    # at the full price.
    discount_price: Decimal | None = None
    discount_cycles: int = 0
    discount_cycles_left: int = 0
    full_price_from: datetime | None = None
    payment_expiry: str | None = (
        None  # the card's expiry, MM/YYYY (docs/billing.md#failed-payments-and-dunning)
    )
    id: int | None = None

    def __post_init__(self) -> None:
        # A row read back from the database carries the state's string.
        self.payment_state_id = State(self.payment_state_id)

    @classmethod
    def purchase_started(
        cls,
        account_id: int,
        subscription_type: str,
        duration_code: str,
        payment_plan_id: str,
        payment_plan_price: Decimal,
        currency: str,
        at: datetime,
        trial_days: int,
        coupon: str | None,
        idempotency_key: str,
        request_fingerprint: str,
        discount: DiscountSchedule | None = None,
    ) -> Subscription:
        """A web purchase before the gateway is called: pending (hidden) until its outcome is applied
        (Event.PURCHASE_FAILED, TRIAL_STARTED, ACTIVATED). `discount`: the checkout quote's discount."""
        return cls(
            account_id=account_id,
            subscription_type=subscription_type,
            duration_code=duration_code,
            store_id=WEB_STORE,
            payment_state_id=State.PENDING,
            payment_plan_id=payment_plan_id,
            payment_plan_price=payment_plan_price,
            currency=currency,
            is_renewing=True,
            coupon=coupon,
            created_at=at,
            idempotency_key=idempotency_key,
            request_fingerprint=request_fingerprint,
            end_date=at + timedelta(days=trial_days) if trial_days else None,
            discount_price=discount.price if discount else None,
            discount_cycles=discount.cycles if discount else 0,
            discount_cycles_left=discount.cycles if discount else 0,
            full_price_from=discount.full_price_from if discount else None,
        )

    @classmethod
    def granted_free(
        cls,
        account_id: int,
        subscription_type: str,
        duration_code: str,
        end_date: datetime,
        payment_method: str,
        at: datetime,
        store_id: str = WEB_STORE,
        coupon: str | None = None,
        partner: str | None = None,
    ) -> Subscription:
        """Free time that needs no payment and does not renew: an access coupon, a console grant."""
        return cls(
            account_id=account_id,
            subscription_type=subscription_type,
            duration_code=duration_code,
            store_id=store_id,
            payment_state_id=State.FREE_CAMPAIGN,
            end_date=end_date,
            next_billing_date=None,
            is_renewing=False,
            payment_method=payment_method,
            coupon=coupon,
            created_at=at,
            partner=partner,
        )

    @classmethod
    def store_running(
        cls,
        account_id: int,
        store_id: str,
        subscription_type: str,
        end_date: datetime,
        at: datetime,
    ) -> Subscription:
        """A partner store's renewing monthly subscription as its notification leaves it (the demo
        seed's partner parents; the stores' own notifications arrive through their routes)."""
        return cls(
            account_id=account_id,
            subscription_type=subscription_type,
            duration_code="P1M",
            store_id=store_id,
            payment_state_id=State.ACTIVE,
            end_date=end_date,
            is_renewing=True,
            created_at=at,
        )

    @property
    def discount_running(self) -> bool:
        """Discounted charges are still to come (docs/billing.md#one-price-truth)."""
        return self.discount_price is not None and self.discount_cycles_left > 0

    def next_charge_price(self) -> Decimal | None:
        """What the next charge takes: the discounted price while discounted charges are left, then the
        plan's full price (what the gateway bills: Braintree's discount with its number of billing cycles)."""
        return self.discount_price if self.discount_running else self.payment_plan_price

    def discount_follows(self, old_price: Decimal | None, new_price: Decimal, period: str) -> None:
        """A plan change while a discount runs: Braintree keeps the discount's amount and its billing
        cycles left (subscription.update keeps discounts), so the new plan is billed at its price less the
        same amount, for the cycles left from the next charge (docs/billing.md#one-price-truth)."""
        if not self.discount_running or old_price is None or old_price == new_price:
            return
        assert self.discount_price is not None  # running
        off = old_price - self.discount_price
        self.discount_price = max(new_price - off, Decimal("0.00"))
        if self.next_billing_date is not None:
            schedule = discount_schedule(
                self.discount_price, self.discount_cycles_left, self.next_billing_date, period
            )
            assert schedule is not None  # running: cycles are left
            self.full_price_from = schedule.full_price_from

    def _count_down_discount(self) -> None:
        if self.discount_cycles_left > 0:
            self.discount_cycles_left -= 1

    def is_expired(self, now: datetime) -> bool:
        if self.payment_state_id == State.PAST_DUE:
            # access goes on through the grace period; the clock lapses it at its end
            # (docs/billing.md#failed-payments-and-dunning)
            return False
        return self.payment_state_id == State.EXPIRED or (
            self.end_date is not None and self.end_date <= now
        )

    @property
    def visible(self) -> bool:
        return self.payment_state_id not in HIDDEN_STATES

    def is_cancelled(self) -> bool:
        return not self.is_renewing or self.payment_state_id in (State.CANCELLED, State.EXPIRED)

    def _cancel(self, now: datetime) -> None:
        """Renewal stops; access continues until end_date."""
        self.is_renewing = False
        self.payment_state_id = State.CANCELLED
        self.cancelled_at = now
        self.next_billing_date = None
        self.pending_plan_id = self.pending_price = self.pending_subscription_type = None

    def _charged(self, paid_through: datetime | None, next_billing: datetime | None) -> None:
        old_price = self.payment_plan_price
        if self.pending_plan_id:  # a change made inside the 24-hour window applies from now on
            self.payment_plan_id, self.payment_plan_price = self.pending_plan_id, self.pending_price
            self.subscription_type = self.pending_subscription_type or self.subscription_type
            self.pending_plan_id = self.pending_price = self.pending_subscription_type = None
        self.payment_state_id = State.ACTIVE
        self.end_date = paid_through or next_billing or self.end_date
        self.next_billing_date = next_billing or paid_through
        if self.payment_plan_price is not None:  # a change applied: from the new next charge on
            self.discount_follows(old_price, self.payment_plan_price, self.duration_code)

    def _expire(self, now: datetime) -> None:
        self.payment_state_id = State.EXPIRED
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
        done about it (core/services/subscription_effects.py carries it out). `paid_through` and
        `next_billing` come with a charge; `next_billing` with a purchase's outcome (its first charge or
        the end of its paid period); `paid_through` with granted free time (the new end date)."""
        if event == Event.CHARGED:
            # An older charge notice (paid through less than what stands) changes no date.
            if self.end_date is None or paid_through is None or paid_through >= self.end_date:
                # A charge for a new period uses one discounted charge; the first charge's own notice
                # (paid through the end already recorded) does not use a second one.
                if (
                    self.end_date is None
                    or paid_through is None
                    or paid_through - self.end_date > SAME_PERIOD
                ):
                    self._count_down_discount()
                renewing = self.is_renewing
                self._charged(paid_through, next_billing)
                if not renewing:  # a late charge notice never revives a cancelled subscription
                    self.payment_state_id = State.CANCELLED
            return (Effect.RECORD_CHARGE, Effect.RECEIPT_EMAIL)
        if event in (Event.CHARGE_FAILED, Event.PAST_DUE):
            if self.is_renewing:
                self.payment_state_id = State.PAST_DUE
            return (Effect.PAYMENT_FAILED_EMAIL,)
        if event == Event.CANCELED:
            if self.is_cancelled():
                return ()
            self._cancel(at)
            return (Effect.UNSUBSCRIBED,)
        if event == Event.PARENT_CANCELLED:
            if self.is_cancelled():
                return ()
            self._cancel(at)
            return (Effect.CANCELLATION_EMAIL, Effect.UNSUBSCRIBED)
        if event == Event.WITHDRAWN:  # access and renewal end now
            if self.payment_state_id == State.EXPIRED:
                return ()
            at_gateway = self.store_id == WEB_STORE and bool(self.gateway_id) and self.is_renewing
            self.cancelled_at = self.cancelled_at or at
            self._expire(at)
            return (Effect.CANCEL_AT_GATEWAY,) if at_gateway else ()
        if event in (Event.EXPIRED, Event.TIME_UP, Event.GRACE_OVER):
            self._expire(at)
            return ()
        if event == Event.WENT_ACTIVE:
            if self.is_renewing:
                self.payment_state_id = State.ACTIVE
            return ()
        if event == Event.PURCHASE_FAILED:
            self.payment_state_id = State.FAILED
            return (Effect.RELEASE_COUPON,) if self.coupon else ()
        if event in (Event.TRIAL_STARTED, Event.ACTIVATED):
            if self.end_date is None:  # no free days: the first period was charged at once
                self._count_down_discount()
            self.payment_state_id = State.TRIAL if event == Event.TRIAL_STARTED else State.ACTIVE
            self.next_billing_date = self.end_date = next_billing
            return (Effect.RECORD_CHARGE, Effect.RECEIPT_EMAIL, Effect.SUBSCRIBED)
        if event == Event.ACCESS_ENDED:
            # A renewing web subscription is cancelled at the gateway too, so it is never charged again.
            at_gateway = self.store_id == WEB_STORE and bool(self.gateway_id) and self.is_renewing
            self._expire(at)
            return (Effect.CANCEL_AT_GATEWAY,) if at_gateway else ()
        if event == Event.ACCOUNT_CLOSED:
            self._cancel(at)
            return ()
        if event == Event.FREE_TIME_GRANTED:
            assert paid_through is not None  # the new end date
            self.end_date = paid_through
            if self.payment_state_id == State.EXPIRED:
                self.payment_state_id = State.FREE_CAMPAIGN
            return ()
        raise ValueError(f"no transition for {event!r}")

    def continue_monthly(self, plan_id: str, price: Decimal, product: str) -> None:
        """A yearly plan goes on month by month from its next renewal, at `price` (docs/consumer-law-renewal.md#decisions):
        the paid year and its renewal date stay; only what the next charge buys changes."""
        self.discount_follows(self.payment_plan_price, price, MONTHLY)
        self.payment_plan_id, self.payment_plan_price, self.subscription_type = (
            plan_id,
            price,
            product,
        )
        self.duration_code = MONTHLY
        self.pending_plan_id = self.pending_price = self.pending_subscription_type = None

    def payment_method_updatable(self) -> bool:
        """A renewing web subscription billed through the gateway: its payment method can be replaced
        (docs/billing.md#fixing-a-failed-payment)."""
        return (
            self.store_id == WEB_STORE
            and bool(self.gateway_id)
            and self.is_renewing
            and self.payment_state_id in (State.TRIAL, State.ACTIVE, State.PAST_DUE)
        )

    def in_no_change_window(self, now: datetime) -> bool:
        return (
            self.next_billing_date is not None and self.next_billing_date - now <= NO_CHANGE_WINDOW
        )


def visible(subscriptions: list[Subscription]) -> list[Subscription]:
    return [s for s in subscriptions if s.visible]


def products_with_access(subscriptions: list[Subscription], now: datetime) -> frozenset[str]:
    return covered_apps(
        s.subscription_type for s in visible(subscriptions) if not s.is_expired(now)
    )


def had_trial(subscriptions: list[Subscription]) -> bool:
    """One free trial per account: any earlier web subscription used it."""
    return any(
        s.store_id == WEB_STORE
        and s.payment_state_id not in (State.FAILED, State.FREE_CAMPAIGN)
        and s.payment_method != "coupon"
        for s in subscriptions
    )
