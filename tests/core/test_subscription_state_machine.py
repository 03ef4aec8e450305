"""Subscription.apply: the one state machine, event by event, with its effects."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from core.domain.subscription_events import GATEWAY_EVENTS, Effect, Event
from core.domain.subscriptions import State, Subscription
from core.services.subscription_effects import receipt_email

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def sub(state=State.ACTIVE, renewing=True, end=NOW + timedelta(days=10)) -> Subscription:
    return Subscription(
        account_id=7,
        subscription_type="lumo_TV",
        duration_code="P1M",
        store_id="lumo",
        payment_state_id=state,
        end_date=end,
        next_billing_date=end if renewing else None,
        payment_plan_id="tv_monthly",
        payment_plan_price=Decimal("4.99"),
        currency="EUR",
        is_renewing=renewing,
        id=1,
    )


def test_states_and_events_keep_the_strings_the_apps_and_the_gateway_use():
    assert [s.value for s in State] == [
        "Pending",
        "Failed",
        "Trial",
        "Active",
        "Past_Due",
        "Cancelled",
        "Expired",
        "Free_Campaign",
    ]
    assert State.CANCELLED == "Cancelled" and Event("charged") is Event.CHARGED
    assert {e.value for e in GATEWAY_EVENTS} == {
        "charged",
        "charge_failed",
        "past_due",
        "canceled",
        "expired",
        "went_active",
    }


def test_a_charge_extends_access_and_asks_for_the_payment_record_and_the_receipt():
    s = sub(State.PAST_DUE)
    paid = NOW + timedelta(days=40)
    effects = s.apply(Event.CHARGED, NOW, paid_through=paid, next_billing=paid)
    assert effects == (Effect.RECORD_CHARGE, Effect.RECEIPT_EMAIL)
    assert (s.payment_state_id, s.end_date, s.next_billing_date) == (State.ACTIVE, paid, paid)


def test_an_older_charge_notice_changes_no_date_but_is_still_recorded():
    s = sub()
    before = s.end_date
    effects = s.apply(Event.CHARGED, NOW, paid_through=NOW, next_billing=NOW)
    assert effects == (Effect.RECORD_CHARGE, Effect.RECEIPT_EMAIL)
    assert s.end_date == before


def test_a_late_charge_never_revives_a_cancelled_subscription():
    s = sub(State.CANCELLED, renewing=False)
    s.apply(Event.CHARGED, NOW, paid_through=NOW + timedelta(days=40))
    assert s.payment_state_id == State.CANCELLED and not s.is_renewing


@pytest.mark.parametrize("event", [Event.CHARGE_FAILED, Event.PAST_DUE])
def test_a_failed_charge_makes_a_renewing_subscription_past_due(event):
    renewing, cancelled = sub(), sub(State.CANCELLED, renewing=False)
    assert renewing.apply(event, NOW) == (Effect.PAYMENT_FAILED_EMAIL,)
    assert cancelled.apply(event, NOW) == (Effect.PAYMENT_FAILED_EMAIL,)
    assert (renewing.payment_state_id, cancelled.payment_state_id) == (
        State.PAST_DUE,
        State.CANCELLED,
    )


def test_the_gateway_cancelling_tells_the_partner_once():
    s = sub()
    assert s.apply(Event.CANCELED, NOW) == (Effect.UNSUBSCRIBED,)
    assert (s.payment_state_id, s.is_renewing, s.cancelled_at) == (State.CANCELLED, False, NOW)
    assert s.apply(Event.CANCELED, NOW) == ()


def test_the_parent_cancelling_also_sends_the_cancellation_email():
    s = sub()
    assert s.apply(Event.PARENT_CANCELLED, NOW) == (
        Effect.CANCELLATION_EMAIL,
        Effect.UNSUBSCRIBED,
    )
    assert s.end_date == NOW + timedelta(days=10)  # access runs until endDate
    assert s.apply(Event.PARENT_CANCELLED, NOW) == ()


@pytest.mark.parametrize("event", [Event.EXPIRED, Event.TIME_UP])
def test_expiry_ends_access_now_at_the_latest(event):
    s = sub()
    assert s.apply(event, NOW) == ()
    assert (s.payment_state_id, s.is_renewing, s.end_date) == (State.EXPIRED, False, NOW)


def test_went_active_only_for_a_renewing_subscription():
    renewing, cancelled = sub(State.PAST_DUE), sub(State.CANCELLED, renewing=False)
    renewing.apply(Event.WENT_ACTIVE, NOW)
    cancelled.apply(Event.WENT_ACTIVE, NOW)
    assert (renewing.payment_state_id, cancelled.payment_state_id) == (
        State.ACTIVE,
        State.CANCELLED,
    )


def test_the_receipt_is_built_in_one_place():
    s = sub()
    assert receipt_email(s, NOW).payload == {
        "account_id": 7,
        "params": {
            "product": "lumo_TV",
            "duration": "P1M",
            "amount": "4.99",
            "charged": "0.00",
            "next_amount": "4.99",
            "currency": "EUR",
            "date": (NOW + timedelta(days=10)).date().isoformat(),
        },
    }
    first = receipt_email(s, NOW, amount=Decimal("9.99"), currency="CHF", duration="P1Y")
    assert first.topic == "receipt" and first.payload["params"]["amount"] == "9.99"
    assert (first.payload["params"]["currency"], first.payload["params"]["duration"]) == (
        "CHF",
        "P1Y",
    )


# --- the purchase, refunds, the console and the clock: every other state change -------------------


def pending(coupon=None, trial_days=7) -> Subscription:
    return Subscription.purchase_started(
        account_id=7,
        subscription_type="lumo_tv",
        duration_code="P1M",
        payment_plan_id="lumo_tv_monthly_eur",
        payment_plan_price=Decimal("4.99"),
        currency="EUR",
        at=NOW,
        trial_days=trial_days,
        coupon=coupon,
        idempotency_key="7:k",
        request_fingerprint="f",
    )


def test_a_purchase_starts_pending_and_hidden():
    s = pending()
    assert (s.payment_state_id, s.store_id, s.is_renewing, s.visible) == (
        State.PENDING,
        "lumo",
        True,
        False,
    )
    assert s.end_date == NOW + timedelta(days=7) and pending(trial_days=0).end_date is None


def test_a_refused_purchase_fails_and_gives_its_coupon_back():
    with_coupon, without = pending(coupon="LUMO-HALF"), pending()
    assert with_coupon.apply(Event.PURCHASE_FAILED, NOW) == (Effect.RELEASE_COUPON,)
    assert without.apply(Event.PURCHASE_FAILED, NOW) == ()
    assert with_coupon.payment_state_id == without.payment_state_id == State.FAILED
    assert not without.visible


@pytest.mark.parametrize(
    ("event", "state"), [(Event.TRIAL_STARTED, State.TRIAL), (Event.ACTIVATED, State.ACTIVE)]
)
def test_a_purchase_that_went_through_is_charged_confirmed_and_told(event, state):
    s, first_charge = pending(), NOW + timedelta(days=7)
    effects = s.apply(event, NOW, next_billing=first_charge)
    assert effects == (Effect.RECORD_CHARGE, Effect.RECEIPT_EMAIL, Effect.SUBSCRIBED)
    assert (s.payment_state_id, s.end_date, s.next_billing_date) == (
        state,
        first_charge,
        first_charge,
    )


def test_ending_access_cancels_a_renewing_web_subscription_at_the_gateway():
    web = sub()
    web.gateway_id = "lumo1"
    assert web.apply(Event.ACCESS_ENDED, NOW) == (Effect.CANCEL_AT_GATEWAY,)
    assert (web.payment_state_id, web.is_renewing, web.end_date) == (State.EXPIRED, False, NOW)
    cancelled = sub(State.CANCELLED, renewing=False)
    cancelled.gateway_id = "lumo2"
    store = sub()
    store.store_id = "ios"
    assert cancelled.apply(Event.ACCESS_ENDED, NOW) == store.apply(Event.ACCESS_ENDED, NOW) == ()
    assert cancelled.payment_state_id == store.payment_state_id == State.EXPIRED


def test_the_grace_days_running_out_lapse_a_past_due_subscription():
    s = sub(State.PAST_DUE, end=NOW - timedelta(days=3))
    assert s.apply(Event.GRACE_OVER, NOW) == ()
    assert (s.payment_state_id, s.is_renewing, s.end_date) == (
        State.EXPIRED,
        False,
        NOW - timedelta(days=3),
    )


def test_closing_the_account_stops_renewal_and_keeps_the_paid_time():
    s = sub()
    assert s.apply(Event.ACCOUNT_CLOSED, NOW) == ()
    assert (s.payment_state_id, s.is_renewing, s.cancelled_at, s.end_date) == (
        State.CANCELLED,
        False,
        NOW,
        NOW + timedelta(days=10),
    )


def test_free_time_moves_the_end_and_makes_an_expired_subscription_free_again():
    expired, cancelled = sub(State.EXPIRED, renewing=False), sub(State.CANCELLED, renewing=False)
    later = NOW + timedelta(days=30)
    assert expired.apply(Event.FREE_TIME_GRANTED, NOW, paid_through=later) == ()
    assert cancelled.apply(Event.FREE_TIME_GRANTED, NOW, paid_through=later) == ()
    assert (expired.payment_state_id, expired.end_date) == (State.FREE_CAMPAIGN, later)
    assert (cancelled.payment_state_id, cancelled.end_date) == (State.CANCELLED, later)


def test_free_time_needs_no_payment_and_does_not_renew():
    s = Subscription.granted_free(
        account_id=7,
        subscription_type="lumo_tv",
        duration_code="P1M",
        end_date=NOW + timedelta(days=30),
        payment_method="comp",
        at=NOW,
    )
    assert (s.payment_state_id, s.is_renewing, s.next_billing_date, s.store_id) == (
        State.FREE_CAMPAIGN,
        False,
        None,
        "lumo",
    )


def test_a_state_read_back_as_a_string_is_a_state():
    s = sub("Past_Due")
    assert s.payment_state_id is State.PAST_DUE
    with pytest.raises(ValueError):
        sub("Grace")
