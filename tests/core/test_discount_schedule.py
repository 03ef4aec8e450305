"""A discount coupon's schedule (docs/billing.md#one-price-truth): computed from the first charge's date and
the plan's period, stored on the purchase from the checkout's quote, billed by the gateway for the same
number of cycles, and counted down by each charge until the full price applies."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from core.domain.accounts import Account
from core.domain.coupons import DISCOUNT, Coupon
from core.domain.discount_schedule import DiscountSchedule, discount_schedule
from core.domain.payments import WebhookEvent
from core.domain.quotes import build_quote
from core.domain.subscription_events import Event
from core.domain.subscriptions import State, Subscription
from core.services import gateway_events
from core.services.payments import SubscribeCommand, subscribe
from core.services.quotes import QuoteCommand, quote

HALF = Coupon(
    code="LUMO-HALF",
    coupon_type=DISCOUNT,
    duration_code="P3M",
    discount_price=Decimal("2.99"),
    plan_type="P1M",
)
YEAR = Coupon(
    code="LUMO-YEAR",
    coupon_type=DISCOUNT,
    duration_code="P12M",
    discount_price=Decimal("39.90"),
    plan_type="P1Y",
)


def at(y, m, d):
    return datetime(y, m, d, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("first", "cycles", "period", "full_from"),
    [
        (at(2026, 11, 27), 3, "P1M", at(2027, 2, 27)),
        # billed on the 31st: the last day of shorter months, never a day drifting month by month
        (at(2026, 1, 31), 3, "P1M", at(2026, 4, 30)),
        (at(2026, 1, 31), 1, "P1M", at(2026, 2, 28)),
        (at(2026, 12, 4), 1, "P1Y", at(2027, 12, 4)),
        (at(2028, 2, 29), 1, "P1Y", at(2029, 2, 28)),
        (at(2026, 12, 4), 2, "P1Y", at(2028, 12, 4)),
    ],
)
def test_the_full_price_applies_from_the_charge_after_the_discounted_ones(
    first, cycles, period, full_from
):
    assert discount_schedule(Decimal("2.99"), cycles, first, period) == DiscountSchedule(
        Decimal("2.99"), cycles, full_from
    )


def test_no_schedule_without_a_discount():
    assert discount_schedule(None, 3, at(2026, 1, 1), "P1M") is None
    assert discount_schedule(Decimal("1.00"), 0, at(2026, 1, 1), "P1M") is None


def test_the_quote_counts_from_the_first_charge_after_the_trial():
    now = at(2026, 11, 27)
    q = build_quote(
        currency="EUR",
        period="P1M",
        price=Decimal("4.99"),
        coupon=HALF,
        free_days=7,
        free_reason="trial",
        now=now,
    )
    assert q.discount == DiscountSchedule(Decimal("2.99"), 3, at(2027, 3, 4))
    yearly = build_quote(
        currency="EUR",
        period="P1Y",
        price=Decimal("55.90"),
        coupon=YEAR,
        free_days=0,
        free_reason=None,
        now=now,
    )
    assert yearly.discount == DiscountSchedule(Decimal("39.90"), 1, at(2027, 11, 27))


def discounted(end=None, left=3, cycles=3) -> Subscription:
    return Subscription(
        account_id=7,
        subscription_type="lumo_tv",
        duration_code="P1M",
        store_id="lumo",
        payment_state_id=State.PENDING,
        payment_plan_price=Decimal("4.99"),
        currency="EUR",
        end_date=end,
        discount_price=Decimal("2.99"),
        discount_cycles=cycles,
        discount_cycles_left=left,
        full_price_from=at(2026, 4, 30),
    )


def test_charges_count_the_discount_down_then_the_full_price_applies():
    s = discounted()  # no free days: the first period is charged at once
    s.apply(Event.ACTIVATED, at(2026, 1, 31), next_billing=at(2026, 2, 28))
    assert (s.discount_cycles_left, s.next_charge_price()) == (2, Decimal("2.99"))
    # Braintree's notice of that first charge: paid through the period already recorded, no second count
    s.apply(Event.CHARGED, at(2026, 1, 31), paid_through=at(2026, 2, 28))
    assert s.discount_cycles_left == 2
    s.apply(Event.CHARGED, at(2026, 2, 28), at(2026, 3, 31), at(2026, 3, 31))
    assert (s.discount_cycles_left, s.next_charge_price()) == (1, Decimal("2.99"))
    assert s.discount_running
    s.apply(Event.CHARGED, at(2026, 3, 31), at(2026, 4, 30), at(2026, 4, 30))
    assert (s.discount_cycles_left, s.next_charge_price()) == (0, Decimal("4.99"))
    assert not s.discount_running and s.next_billing_date == s.full_price_from
    s.apply(Event.CHARGED, at(2026, 4, 30), at(2026, 5, 31), at(2026, 5, 31))
    assert (s.discount_cycles_left, s.next_charge_price()) == (0, Decimal("4.99"))


def test_a_trial_charges_nothing_and_keeps_every_discounted_cycle():
    s = discounted(end=at(2026, 2, 7))
    s.apply(Event.TRIAL_STARTED, at(2026, 1, 31), next_billing=at(2026, 2, 7))
    assert (s.payment_state_id, s.discount_cycles_left) == (State.TRIAL, 3)
    assert s.next_charge_price() == Decimal("2.99")  # the first charge after the trial
    s.apply(Event.CHARGED, at(2026, 2, 7), at(2026, 3, 7), at(2026, 3, 7))
    assert s.discount_cycles_left == 2


def _account(ctx):
    with ctx.uow() as uow:
        account = uow.accounts.add(Account(email="p@example.com", password_hash="plain$pw"))
        uow.coupons.add(
            Coupon(
                code="LUMO-HALF",
                coupon_type=DISCOUNT,
                duration_code="P3M",
                discount_price=Decimal("2.99"),
                plan_type="P1M",
            )
        )
        uow.commit()
    return account.id


def _charged(ctx, gateway_id, paid_through):
    """The sandbox bills the next cycle as Braintree would and sends its charged webhook."""
    gateway = ctx.gateway
    tx = gateway.renew(gateway_id)
    info = gateway.find_transaction(tx)
    gateway_events.apply_webhook(
        ctx,
        WebhookEvent(
            kind="charged",
            gateway_id=gateway_id,
            occurred_at=ctx.clock.now(),
            paid_through=paid_through,
            next_billing_date=paid_through,
            transaction_id=tx,
            amount=info.amount,
            currency=info.currency,
        ),
    )
    return info.amount


def test_the_purchase_stores_the_quotes_discount_and_the_gateway_bills_the_same(ctx, store):
    """Trial first (the account's first purchase), then three charges at 2.99 and the full price."""
    account_id = _account(ctx)
    said = quote(ctx, QuoteCommand(account_id, "lumo_tv_monthly_eur", coupon="lumo-half"))
    sub = subscribe(
        ctx,
        SubscribeCommand(
            account_id=account_id,
            nonce="fake-valid-nonce",
            plan_id="lumo_tv_monthly_eur",
            coupon="LUMO-HALF",
            idempotency_key="k",
        ),
    )
    stored = store.subscriptions[sub.id]
    assert (stored.discount_price, stored.discount_cycles, stored.full_price_from) == (
        said.discount_price,
        said.discount_cycles,
        said.full_price_from,
    )
    assert stored.discount_cycles_left == 3 and stored.payment_state_id is State.TRIAL
    [request] = [s["request"] for s in ctx.gateway.subscriptions.values()]
    assert (request.discount.amount, request.discount.cycles) == (Decimal("2.00"), 3)
    receipt = next(m for m in store.outbox.values() if m.topic == "receipt")
    assert {
        k: receipt.payload["params"][k]
        for k in ("charged", "next_amount", "amount", "discount_price", "discount_cycles")
    } == {
        "charged": "0.00",
        "next_amount": "2.99",
        "amount": "4.99",
        "discount_price": "2.99",
        "discount_cycles": "3",
    }
    assert receipt.payload["params"]["full_price_from"] == said.full_price_from.date().isoformat()

    paid_through = said.first_charge_at
    amounts = []
    for _ in range(4):
        ctx.clock.at = paid_through  # the renewal day
        paid_through = paid_through + timedelta(days=31)
        amounts.append(_charged(ctx, stored.gateway_id, paid_through))
    assert amounts == [Decimal("2.99")] * 3 + [Decimal("4.99")]
    # What the payment history holds is what the gateway charged; each receipt says that charge.
    assert sorted(p.amount for k, p in store.payments.items() if k != "_events") == sorted(amounts)
    receipts = [m.payload["params"] for m in store.outbox.values() if m.topic == "receipt"][1:]
    assert [r["charged"] for r in receipts] == ["2.99", "2.99", "2.99", "4.99"]
    assert [r["next_amount"] for r in receipts] == ["2.99", "2.99", "4.99", "4.99"]
    assert ["discount_price" in r for r in receipts] == [True, True, False, False]
    assert store.subscriptions[sub.id].next_charge_price() == Decimal("4.99")


def test_a_purchase_charged_at_once_counts_its_first_cycle(ctx, store):
    account_id = _account(ctx)
    with ctx.uow() as uow:  # the account's trial was used before
        uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_books",
                duration_code="P1M",
                store_id="lumo",
                payment_state_id=State.EXPIRED,
                end_date=ctx.clock.now() - timedelta(days=40),
                created_at=ctx.clock.now() - timedelta(days=80),
            )
        )
        uow.commit()
    sub = subscribe(
        ctx,
        SubscribeCommand(
            account_id=account_id,
            nonce="fake-valid-nonce",
            plan_id="lumo_tv_monthly_eur",
            coupon="LUMO-HALF",
            idempotency_key="k",
        ),
    )
    stored = store.subscriptions[sub.id]
    assert [p.amount for k, p in store.payments.items() if k != "_events"] == [Decimal("2.99")]
    # bought on 31 January: three charges at 2.99 (31 Jan, 28 Feb, 31 Mar), the full price from 30 April
    assert (stored.discount_cycles_left, stored.full_price_from.date().isoformat()) == (
        2,
        "2026-04-30",
    )
    receipt = next(m for m in store.outbox.values() if m.topic == "receipt")
    assert (receipt.payload["params"]["charged"], receipt.payload["params"]["next_amount"]) == (
        "2.99",
        "2.99",
    )


def test_a_plan_change_keeps_the_discounts_amount_and_cycles_as_braintree_does():
    """subscription.update keeps a subscription's discounts: the new plan less the same amount, for the
    cycles left, counted from the next charge."""
    s = discounted(end=at(2026, 3, 31), left=2)
    s.payment_state_id, s.next_billing_date = State.ACTIVE, at(2026, 3, 31)
    s.discount_follows(s.payment_plan_price, Decimal("7.99"), "P1M")  # TV -> TV + Stories
    s.payment_plan_price = Decimal("7.99")
    assert (s.discount_price, s.next_charge_price(), s.full_price_from) == (
        Decimal("5.99"),
        Decimal("5.99"),
        at(2026, 5, 31),
    )
    # the change made inside the 24 hours before a charge applies with it: from the next one on
    s.pending_plan_id, s.pending_price = "lumo_tv_monthly_eur", Decimal("9.99")
    s.apply(Event.CHARGED, at(2026, 3, 31), at(2026, 4, 30), at(2026, 4, 30))
    assert (s.discount_cycles_left, s.discount_price, s.full_price_from) == (
        1,
        Decimal("7.99"),
        at(2026, 5, 30),
    )
    s.apply(Event.CHARGED, at(2026, 4, 30), at(2026, 5, 30), at(2026, 5, 30))
    assert s.next_charge_price() == Decimal("9.99")


def test_the_sandbox_bills_a_changed_plan_less_the_same_discount(ctx, store):
    account_id = _account(ctx)
    subscribe(
        ctx,
        SubscribeCommand(
            account_id=account_id,
            nonce="fake-valid-nonce",
            plan_id="lumo_tv_monthly_eur",
            coupon="LUMO-HALF",
            idempotency_key="k",
        ),
    )
    [gateway_id] = ctx.gateway.subscriptions
    ctx.gateway.change_plan(gateway_id, "lumo_tv_monthly_eur", Decimal("7.99"))
    assert ctx.gateway.find_transaction(ctx.gateway.renew(gateway_id)).amount == Decimal("5.99")
