"""The withdrawal rules (docs/consumer-law-withdrawal.md): the period and the refund's arithmetic."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from core.domain.subscription_events import Effect, Event
from core.domain.subscriptions import Subscription
from core.domain.withdrawals import (
    contract_reference,
    deadline,
    parse_reference,
    refund_due,
    withdrawable,
)

T0 = datetime(2026, 1, 1, 9, 30, tzinfo=UTC)
MONTH_END = datetime(2026, 2, 1, 9, 30, tzinfo=UTC)  # January: 31 days


def web_sub(**changes) -> Subscription:
    values = dict(
        account_id=1,
        subscription_type="lumo_tv",
        duration_code="P1M",
        store_id="lumo",
        payment_state_id="Active",
        created_at=T0,
        end_date=MONTH_END,
        gateway_id="lumo1",
        id=1,
    )
    return Subscription(**{**values, **changes})


def test_day_3_with_the_express_request_refunds_the_28_unused_days_of_31():
    day_3 = T0 + timedelta(days=2, hours=5)  # the third day after the charge is under way
    # 4.99 x 28 / 31 = 4.50709... -> 4.51
    assert refund_due(Decimal("4.99"), T0, MONTH_END, day_3, True) == Decimal("4.51")


def test_without_the_express_request_everything_is_refunded():
    day_3 = T0 + timedelta(days=2, hours=5)
    assert refund_due(Decimal("4.99"), T0, MONTH_END, day_3, False) == Decimal("4.99")


def test_rounding_is_half_even_to_the_cent_and_never_more_than_paid():
    # 10.00 x 29 / 30 = 9.6666... -> 9.67; 0.05 x 1 / 2 = 0.025 -> 0.02 (half-even)
    thirty = T0 + timedelta(days=30)
    assert refund_due(Decimal("10.00"), T0, thirty, T0, True) == Decimal("9.67")
    two = T0 + timedelta(days=2)
    assert refund_due(Decimal("0.05"), T0, two, T0, True) == Decimal("0.02")
    assert refund_due(Decimal("4.99"), T0, MONTH_END, T0 - timedelta(days=1), True) == Decimal(
        "4.99"
    )
    assert refund_due(Decimal("4.99"), T0, MONTH_END, MONTH_END + timedelta(days=3), True) == 0


def test_the_period_runs_14_days_from_the_contract_not_from_the_trials_end():
    sub = web_sub(created_at=T0, payment_state_id="Active")  # a 7-day trial converted on day 7
    assert deadline(sub) == T0 + timedelta(days=14)
    assert withdrawable(sub, T0 + timedelta(days=13, hours=23))
    assert not withdrawable(sub, T0 + timedelta(days=14))  # day 15: gone


@pytest.mark.parametrize(
    "changes",
    [
        {"store_id": "ios"},
        {"payment_state_id": "Pending"},
        {"payment_state_id": "Free_Campaign"},
        {"payment_method": "coupon"},
        {"payment_state_id": "Expired"},
    ],
)
def test_only_running_web_purchases_can_be_withdrawn_from(changes):
    assert not withdrawable(web_sub(**changes), T0 + timedelta(days=1))


def test_references():
    assert contract_reference(42) == "LUMO-42"
    assert [parse_reference(r) for r in ("LUMO-42", " lumo-42 ", "42", "#42")] == [42] * 4
    assert [parse_reference(r) for r in ("", "LUMO-", "x42", "LUMO-4-2", None)] == [None] * 5


def test_the_withdrawn_transition_ends_access_now_and_stops_the_gateway():
    sub = web_sub()
    now = T0 + timedelta(days=3)
    assert sub.apply(Event.WITHDRAWN, now) == (Effect.CANCEL_AT_GATEWAY,)
    assert (sub.payment_state_id, sub.end_date, sub.is_renewing) == ("Expired", now, False)
    assert sub.is_expired(now)
    assert sub.apply(Event.WITHDRAWN, now) == ()  # once


def test_a_cancelled_subscription_withdrawn_from_needs_no_gateway_call():
    sub = web_sub(is_renewing=False, payment_state_id="Cancelled")
    assert sub.apply(Event.WITHDRAWN, T0 + timedelta(days=1)) == ()
    assert sub.payment_state_id == "Expired"
