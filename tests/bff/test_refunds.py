"""Refunds, voids and disputes on the payment history, against the sandbox gateway, on SQLite and PostgreSQL
(docs/billing-refunds.md). The database settles every race: never more given back than was charged."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.payments import GatewayUnavailable
from core.services import refunds, webhooks
from core.services.refunds import RefundCommand
from tests.helpers import bearer, pay, signed_up, subscriptions

RACERS = 20


def refund_emails(mailbox):
    return [m for m in mailbox.sent if m.subject == "Your Lumo refund"]


@pytest.fixture
def gateway(container):
    return container.gateway


def charged(client, container, amount="9.99"):
    """A parent whose trial subscription was then charged (renewal webhook): (token, subscription, transaction)."""
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    gateway = container.gateway
    gateway_id = next(iter(gateway.subscriptions))
    transaction = gateway.charge(gateway_id, Decimal(amount), "EUR")
    assert webhooks.receive(
        container.services,
        *gateway.sample_notification(
            "charged",
            gateway_id,
            paid_through=container.services.clock.now() + timedelta(days=30),
            transaction_id=transaction,
            amount=Decimal(amount),
            currency="EUR",
        ),
    )
    return token, sub, transaction


def command(transaction, **changes) -> RefundCommand:
    return RefundCommand(
        **{
            "transaction_id": transaction,
            "actor": "ops@lumo.example",
            "reason": "charged twice by mistake",
        }
        | changes
    )


def rows(container, sql, **params):
    """Raw rows; SQLite hands NUMERIC back as float through plain SQL: read as the cents they are."""
    with container.engine.connect() as c:
        return [
            tuple(
                Decimal(str(v)).quantize(Decimal("0.01")) if isinstance(v, float) else v
                for v in row
            )
            for row in c.execute(text(sql), params).all()
        ]


def test_a_charge_webhook_is_recorded_once(client, container, gateway):
    token, sub, transaction = charged(client, container)
    gateway_id = next(iter(gateway.subscriptions))
    again = gateway.sample_notification(
        "charged",
        gateway_id,
        occurred_at=container.services.clock.now() + timedelta(seconds=1),
        transaction_id=transaction,
        amount=Decimal("9.99"),
    )
    webhooks.receive(container.services, *again)  # a second notice of the same charge

    assert rows(
        container,
        "SELECT transaction_id, subscription_id, amount, refunded_amount, currency, status "
        "FROM payments",
    ) == [(transaction, sub["subscriptionId"], Decimal("9.99"), Decimal("0"), "EUR", "charged")]
    [event] = refunds.history(container.services, subscription_id=sub["subscriptionId"])
    assert (event.kind, event.amount, event.status, event.actor) == (
        "charge",
        Decimal("9.99"),
        "succeeded",
        "gateway",
    )


def test_the_first_charge_of_a_subscription_without_trial_is_recorded(client, container, gateway):
    token = signed_up(client)
    assert pay(client, token).status_code == 200  # the one free trial
    assert (
        pay(client, token, plan="lumo_games_monthly_eur", key="games-1").status_code == 200
    )  # charged now
    games = next(s for s in subscriptions(client, token) if s["subscriptionType"] == "lumo_games")
    [(transaction, amount)] = rows(
        container,
        "SELECT transaction_id, amount FROM payments WHERE subscription_id = :s",
        s=games["subscriptionId"],
    )
    assert gateway.transactions[transaction]["amount"] == amount == Decimal("4.99")


def test_an_unsettled_charge_is_voided_once_and_the_parent_told(
    client, container, gateway, mailbox
):
    _, sub, transaction = charged(client, container)

    event = refunds.refund(container.services, command(transaction))
    again = refunds.refund(
        container.services, command(transaction)
    )  # the same request: the same answer

    assert (event.kind, event.amount, event.status, event.actor) == (
        "void",
        Decimal("9.99"),
        "succeeded",
        "ops@lumo.example",
    )
    assert again.id == event.id and gateway.refund_calls == [(transaction, None)]
    assert gateway.transactions[transaction]["status"] == "voided"
    assert rows(container, "SELECT status, refunded_amount FROM payments") == [
        ("voided", Decimal("9.99"))
    ]
    [email] = refund_emails(mailbox)
    assert "€9.99" in email.text and "TV · monthly" in email.text
    with pytest.raises(DomainError) as refused:  # nothing left to give back
        refunds.refund(container.services, command(transaction, reason="again"))
    assert refused.value.error == errors.REFUND_NOT_ALLOWED


def test_a_partial_void_is_refused_before_settlement(client, container, gateway):
    _, _, transaction = charged(client, container)
    with pytest.raises(DomainError) as refused:
        refunds.refund(container.services, command(transaction, amount="1.00"))
    assert refused.value.error == errors.REFUND_NOT_ALLOWED and gateway.refund_calls == []


def test_settled_charges_are_refunded_in_parts_never_beyond_the_charge(
    client, container, gateway, mailbox
):
    _, sub, transaction = charged(client, container)
    gateway.settle(transaction)

    first = refunds.refund(container.services, command(transaction, amount="3.00"))
    with pytest.raises(DomainError) as too_much:
        refunds.refund(
            container.services, command(transaction, amount="7.00", reason="the rest and more")
        )
    rest = refunds.refund(container.services, command(transaction, reason="goodwill, the rest"))

    assert too_much.value.error == errors.REFUND_TOO_MUCH
    assert (first.kind, first.amount, rest.amount) == ("refund", Decimal("3.00"), Decimal("6.99"))
    assert gateway.refund_calls == [(transaction, Decimal("3.00")), (transaction, Decimal("6.99"))]
    assert rows(container, "SELECT refunded_amount, status FROM payments") == [
        (Decimal("9.99"), "charged")
    ]
    kinds = [
        (e.kind, e.amount, e.status, e.reason)
        for e in refunds.history(container.services, transaction_id=transaction)
    ]
    assert kinds == [
        ("charge", Decimal("9.99"), "succeeded", ""),
        ("refund", Decimal("3.00"), "succeeded", "charged twice by mistake"),
        ("refund", Decimal("6.99"), "succeeded", "goodwill, the rest"),
    ]
    assert len(refund_emails(mailbox)) == 2
    with pytest.raises(DomainError) as nothing_left:
        refunds.refund(container.services, command(transaction, reason="one more"))
    assert nothing_left.value.error == errors.REFUND_TOO_MUCH
    [s] = subscriptions(client, signed_in(client))
    assert s["paymentStateId"] == "Active"  # access stays unless asked to end


def signed_in(client):
    from tests.helpers import PASSWORD, pw

    return client.post(
        "/v4/accounts/login", json={"email": "parent@example.com", "password": pw(PASSWORD)}
    ).json["token"]


def test_end_access_expires_the_subscription_and_cancels_it_at_the_gateway(
    client, container, gateway
):
    token, sub, transaction = charged(client, container)
    gateway.settle(transaction)

    refunds.refund(
        container.services, command(transaction, end_access=True, reason="child left the household")
    )

    [s] = client.get("/v5/subscriptions", headers=bearer(token)).json["subscriptions"]
    assert s["paymentStateId"] == "Expired"
    assert gateway.subscriptions[next(iter(gateway.subscriptions))]["status"] == "Canceled"
    [(end_access,)] = rows(container, "SELECT end_access FROM payment_events WHERE kind = 'refund'")
    assert end_access
    assert (
        pay(client, token, key="buy-again").status_code == 200
    )  # the app is free to buy again (claim released)


@pytest.mark.parametrize(
    "changes, error",
    [
        ({"actor": " "}, errors.REFUND_INVALID),
        ({"reason": ""}, errors.REFUND_INVALID),
        ({"amount": "-1"}, errors.REFUND_INVALID),
        ({"amount": "0"}, errors.REFUND_INVALID),
        ({"amount": "1.001"}, errors.REFUND_INVALID),
        ({"amount": "abc"}, errors.REFUND_INVALID),
        ({"amount": "NaN"}, errors.REFUND_INVALID),
        ({"amount": 1.5}, errors.REFUND_INVALID),
        ({"amount": "10.00"}, errors.REFUND_TOO_MUCH),
        ({"transaction_id": "tx_unknown"}, errors.PAYMENT_NOT_FOUND),
    ],
)
def test_bad_requests_are_refused_before_any_gateway_call(
    client, container, gateway, changes, error
):
    _, _, transaction = charged(client, container)
    gateway.settle(transaction)
    with pytest.raises(DomainError) as refused:
        refunds.refund(container.services, command(transaction, **changes))
    assert refused.value.error == error and gateway.refund_calls == []
    assert rows(container, "SELECT count(*) FROM payment_events WHERE kind <> 'charge'") == [(0,)]


def test_a_key_reused_for_another_amount_is_refused(client, container, gateway):
    _, _, transaction = charged(client, container)
    gateway.settle(transaction)
    refunds.refund(
        container.services, command(transaction, amount="2.00", operation_key="ticket-42")
    )
    with pytest.raises(DomainError) as refused:
        refunds.refund(
            container.services, command(transaction, amount="3.00", operation_key="ticket-42")
        )
    assert refused.value.error == errors.REFUND_KEY_REUSED and len(gateway.refund_calls) == 1


def test_a_refused_refund_gives_its_reservation_back(client, container, gateway, monkeypatch):
    _, _, transaction = charged(client, container)
    gateway.settle(transaction)
    monkeypatch.setattr(
        gateway, "refund", lambda *_: type(gateway.void("none"))(ok=False, error="gateway_rejected")
    )
    with pytest.raises(DomainError) as refused:
        refunds.refund(container.services, command(transaction, amount="5.00"))
    assert refused.value.error == errors.REFUND_FAILED
    assert rows(container, "SELECT refunded_amount FROM payments") == [(Decimal("0"),)]
    assert rows(container, "SELECT status FROM payment_events WHERE kind = 'refund'") == [
        ("failed",)
    ]


def test_a_lost_answer_is_resumed_without_refunding_twice(
    client, container, gateway, clock, monkeypatch
):
    _, _, transaction = charged(client, container)
    gateway.settle(transaction)
    real_refund = gateway.refund

    def refund_then_time_out(transaction_id, amount):
        real_refund(transaction_id, amount)  # the gateway refunds, its answer never arrives
        raise GatewayUnavailable("timeout")

    monkeypatch.setattr(gateway, "refund", refund_then_time_out)
    with pytest.raises(DomainError) as unknown:
        refunds.refund(container.services, command(transaction, amount="4.00"))
    assert unknown.value.error == errors.PAYMENT_UNAVAILABLE
    monkeypatch.setattr(gateway, "refund", real_refund)
    with pytest.raises(DomainError) as waiting:  # the same request at once: still under way
        refunds.refund(container.services, command(transaction, amount="4.00"))
    assert waiting.value.error == errors.PAYMENT_IN_PROGRESS

    clock.advance(timedelta(minutes=3))
    event = refunds.refund(container.services, command(transaction, amount="4.00"))

    assert event.status == "succeeded" and gateway.transactions[transaction]["refunds"] == [
        Decimal("4.00")
    ]
    assert rows(container, "SELECT refunded_amount FROM payments") == [(Decimal("4.00"),)]


def test_the_database_refuses_a_refund_beyond_the_charge_and_a_second_event_with_one_key(
    client, container
):
    _, _, transaction = charged(client, container)
    with pytest.raises(IntegrityError), container.engine.begin() as c:
        c.execute(text("UPDATE payments SET refunded_amount = amount + 0.01"))
    with pytest.raises(IntegrityError), container.engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO payment_events (transaction_id, kind, status, actor, reason, operation_key, "
                "end_access, created_at) SELECT transaction_id, 'refund', 'pending', 'a', 'b', operation_key, "
                "false, created_at FROM payment_events"
            )
        )
    with pytest.raises(IntegrityError), container.engine.begin() as c:  # who and why, always
        c.execute(
            text(
                "INSERT INTO payment_events (transaction_id, kind, status, actor, reason, operation_key, "
                "end_access, created_at) SELECT transaction_id, 'refund', 'pending', '', '', 'k2', "
                "false, created_at FROM payment_events"
            )
        )


def test_concurrent_refunds_of_one_charge_never_exceed_it(client, container, gateway):
    _, _, transaction = charged(client, container, amount="10.00")
    gateway.settle(transaction)

    def attempt(i):
        try:
            return refunds.refund(
                container.services, command(transaction, amount="2.50", reason=f"racer {i}")
            ).status
        except DomainError as exc:
            return exc.error.message

    with ThreadPoolExecutor(max_workers=10) as pool:
        outcomes = list(pool.map(attempt, range(RACERS)))

    assert outcomes.count("succeeded") == 4, outcomes
    assert outcomes.count("refundTooMuch") == RACERS - 4  # refused before any gateway call
    assert gateway.transactions[transaction]["refunds"] == [Decimal("2.50")] * 4
    assert rows(container, "SELECT refunded_amount FROM payments") == [(Decimal("10.00"),)]
    assert rows(container, "SELECT count(*) FROM payment_events WHERE kind = 'refund'") == [(4,)]


def test_concurrent_repeats_of_one_refund_refund_once(client, container, gateway):
    _, _, transaction = charged(client, container)
    gateway.settle(transaction)

    def attempt(_):
        try:
            return refunds.refund(container.services, command(transaction, amount="1.00")).id
        except DomainError as exc:
            return exc.error.message

    with ThreadPoolExecutor(max_workers=10) as pool:
        outcomes = list(pool.map(attempt, range(RACERS)))

    # One refund: every answer is its event id, or "in progress" for a repeat that came while it ran.
    assert len(gateway.refund_calls) == 1
    [event_id] = {o for o in outcomes if o != "paymentInProgress"}
    assert isinstance(event_id, int) and outcomes.count(event_id) >= 1
    assert rows(container, "SELECT refunded_amount FROM payments") == [(Decimal("1.00"),)]


def test_disputes_are_recorded_once_and_a_lost_one_ends_access(client, container, gateway):
    token, sub, transaction = charged(client, container)
    ctx = container.services
    for kind in ("dispute_opened", "dispute_opened", "dispute_lost"):  # one redelivery
        webhooks.receive(
            ctx,
            *gateway.sample_notification(
                kind, "dp_1", transaction_id=transaction, amount=Decimal("9.99"), currency="EUR"
            ),
        )
    history = [
        (e.kind, e.amount, e.gateway_ref, e.end_access)
        for e in refunds.history(ctx, transaction_id=transaction)
    ]
    assert history == [
        ("charge", Decimal("9.99"), None, False),
        ("dispute_opened", Decimal("9.99"), "dp_1", False),
        ("dispute_lost", Decimal("9.99"), "dp_1", True),
    ]
    [s] = subscriptions(client, token)
    assert s["paymentStateId"] == "Expired"
    assert gateway.subscriptions[next(iter(gateway.subscriptions))]["status"] == "Canceled"


def test_a_won_dispute_keeps_access(client, container, gateway):
    token, _, transaction = charged(client, container)
    for kind in ("dispute_opened", "dispute_won"):
        webhooks.receive(
            container.services,
            *gateway.sample_notification(kind, "dp_2", transaction_id=transaction),
        )
    assert [e.kind for e in refunds.history(container.services, transaction_id=transaction)] == [
        "charge",
        "dispute_opened",
        "dispute_won",
    ]
    assert subscriptions(client, token)[0]["paymentStateId"] == "Active"


def test_a_dispute_of_an_unknown_charge_changes_nothing(container, gateway):
    assert not webhooks.receive(
        container.services,
        *gateway.sample_notification("dispute_lost", "dp_3", transaction_id="tx_elsewhere"),
    )


# -- flask --app bff payments … --------------------------------------------------------------------
def test_cli_refund_void_and_history(app, client, container, gateway):
    _, sub, transaction = charged(client, container)
    runner = app.test_cli_runner()

    missing = runner.invoke(args=["payments", "refund", transaction, "--amount", "1.00"])
    assert missing.exit_code == 2 and "--actor" in missing.output
    settled_only = runner.invoke(
        args=[
            "payments",
            "refund",
            transaction,
            "--amount",
            "1.00",
            "--actor",
            "ana",
            "--reason",
            "test",
        ]
    )
    assert (
        settled_only.exit_code == 1 and "refundNotAllowed: nothing was done" in settled_only.output
    )
    gateway.settle(transaction)
    void = runner.invoke(
        args=["payments", "void", transaction, "--actor", "ana", "--reason", "test"]
    )
    assert void.exit_code == 1 and "refundNotAllowed" in void.output  # settled: refund it instead
    done = runner.invoke(
        args=[
            "payments",
            "refund",
            transaction,
            "--amount",
            "1.50",
            "--actor",
            "ana",
            "--reason",
            "late delivery",
        ]
    )
    assert done.exit_code == 0, done.output
    assert f"refund of 1.50 EUR on {transaction}: succeeded" in done.output
    shown = runner.invoke(
        args=["payments", "history", "--subscription", str(sub["subscriptionId"])]
    )
    assert shown.exit_code == 0 and "late delivery" in shown.output and "charge" in shown.output


def test_the_parents_data_export_holds_their_payment_history(client, container, gateway):
    token, sub, transaction = charged(client, container)
    gateway.settle(transaction)
    refunds.refund(container.services, command(transaction, amount="2.00"))

    payments = client.get("/v5/account/export", headers=bearer(token)).json["payments"]

    assert [
        (p["kind"], p["amount"], p["currency"], p["transactionId"], p["subscriptionId"])
        for p in payments
    ] == [
        ("charge", "9.99", "EUR", transaction, sub["subscriptionId"]),
        ("refund", "2.00", "EUR", transaction, sub["subscriptionId"]),
    ]
    assert "ops@lumo.example" not in str(payments)  # the operator is staff data, not the parent's
    assert all(
        set(p)
        == {
            "kind",
            "transactionId",
            "subscriptionId",
            "amount",
            "currency",
            "status",
            "reason",
            "at",
        }
        for p in payments
    )
    assert payments[1]["status"] and payments[1]["at"].endswith("+00:00")
