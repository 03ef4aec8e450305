"""The purchase's transitions (docs/billing.md), service level without a database: pending, then trial,
active or failed through Subscription.apply, each with the effects subscription_effects carries out."""

from datetime import timedelta
from decimal import Decimal

import pytest

from core.domain import errors
from core.domain.accounts import Account
from core.domain.coupons import DISCOUNT, Coupon
from core.domain.errors import DomainError
from core.domain.subscriptions import State
from core.services.payments import SubscribeCommand, subscribe
from tests.helpers import trial_used

PLAN = "lumo_tv_monthly_eur"


def _account(ctx, partner=None):
    with ctx.uow() as uow:
        account = uow.accounts.add(
            Account(email="parent@example.com", password_hash="plain$pw", partner=partner)
        )
        uow.commit()
    return account.id


def _buy(ctx, account_id, nonce="fake-valid-nonce", coupon=None, key="k1"):
    return subscribe(
        ctx,
        SubscribeCommand(
            account_id=account_id, nonce=nonce, plan_id=PLAN, coupon=coupon, idempotency_key=key
        ),
    )


def _stored(store, subscription_id):
    return store.subscriptions[subscription_id]


def _messages(store, kind=None):
    return [m for m in store.outbox.values() if kind is None or m.kind == kind]


def test_a_first_purchase_starts_the_free_trial_with_a_receipt_and_no_charge(ctx, store):
    account_id = _account(ctx)
    sub = _buy(ctx, account_id)
    now, price = ctx.clock.now(), ctx.catalogue.find(PLAN).price
    stored = _stored(store, sub.id)
    assert stored.payment_state_id is State.TRIAL
    assert stored.end_date == stored.next_billing_date == now + timedelta(days=7)
    assert store.payments == {}  # nothing charged yet
    (receipt,) = _messages(store)
    assert (receipt.topic, receipt.payload["params"]) == (
        "receipt",
        {
            "product": "lumo_tv",
            "duration": "P1M",
            "amount": str(price),
            "charged": "0.00",  # nothing today: the trial's first charge is on its last day
            "next_amount": str(price),
            "currency": "EUR",
            "date": (now + timedelta(days=7)).date().isoformat(),
        },
    )


def test_a_purchase_after_the_trial_is_active_charged_and_recorded(ctx, store):
    account_id = _account(ctx)
    now = ctx.clock.now()
    trial_used(ctx, account_id)  # by an earlier web subscription
    sub = _buy(ctx, account_id)
    price = ctx.catalogue.find(PLAN).price
    stored = _stored(store, sub.id)
    assert stored.payment_state_id is State.ACTIVE
    assert stored.end_date == stored.next_billing_date and stored.end_date > now + timedelta(
        days=27
    )
    (charge,) = [p for k, p in store.payments.items() if k != "_events"]
    assert (charge.subscription_id, charge.amount, charge.currency) == (sub.id, price, "EUR")
    (event,) = store.payments["_events"]
    assert (event.kind, event.transaction_id, event.amount) == (
        "charge",
        charge.transaction_id,
        price,
    )
    assert [m.topic for m in _messages(store)] == ["receipt"]


def test_a_refused_payment_fails_the_purchase_and_gives_its_coupon_back(ctx, store):
    account_id = _account(ctx)
    with ctx.uow() as uow:
        uow.coupons.add(
            Coupon(
                code="LUMO-HALF",
                coupon_type=DISCOUNT,
                duration_code="P3M",
                discount_price=Decimal("2.49"),
            )
        )
        uow.commit()
    with pytest.raises(DomainError) as refused:
        _buy(ctx, account_id, nonce="fake-processor-declined-visa-nonce", coupon="LUMO-HALF")
    assert refused.value.error == errors.PAYMENT_FAILED
    (stored,) = store.subscriptions.values()
    assert stored.payment_state_id is State.FAILED and stored.coupon == "LUMO-HALF"
    assert store.coupons.get("_redemptions", set()) == set()  # released in the same unit of work
    assert _messages(store) == [] and store.payments == {}


def test_a_partner_users_purchase_tells_the_partner(ctx, store):
    account_id = _account(ctx, partner="virgo")
    sub = _buy(ctx, account_id)
    (told,) = _messages(store, "partner")
    assert (told.topic, told.account_id) == ("subscribed", account_id)
    assert _stored(store, sub.id).payment_state_id is State.TRIAL
