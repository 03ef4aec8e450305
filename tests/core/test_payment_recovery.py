"""Retrying a past-due charge (core/services/payment_recovery.py) and the payment-update link
(core/services/payment_update_links.py): docs/billing.md#fixing-a-failed-payment."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from decimal import Decimal

import pytest

from core.domain import errors
from core.domain.coupons import add_duration
from core.domain.errors import DomainError
from core.domain.subscriptions import State
from core.services import payment_recovery, payment_update_links, sessions
from tests.helpers import pay, signed_up


def receipts(mailbox):
    return [m for m in mailbox.sent if m.subject == "Your Lumo receipt"]


def charges(container, sub_id):
    with container.engine.connect() as c:
        rows = c.exec_driver_sql(
            f"SELECT transaction_id, amount FROM payments WHERE subscription_id = {sub_id}"
        ).all()
    return [(tx, Decimal(str(amount))) for tx, amount in rows]


def webhook(client, gateway, kind, gid, **fields):
    sig, payload = gateway.sample_notification(kind, gid, **fields)
    answer = client.post(
        "/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload}
    )
    assert answer.status_code == 200


@pytest.fixture
def past_due(client, container, clock):
    """A monthly subscription whose first renewal (after the 7-day trial) the card declined."""
    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    gateway = container.gateway
    gateway.decline_renewals(f"lumo{sub_id}")
    clock.advance(timedelta(days=7))
    webhook(client, gateway, "charge_failed", f"lumo{sub_id}", occurred_at=clock.now())
    with container.services.uow() as uow:
        assert uow.subscriptions.get(sub_id).payment_state_id == State.PAST_DUE
    return sub_id


def state(container, sub_id):
    with container.services.uow() as uow:
        return uow.subscriptions.get(sub_id)


def test_a_retry_that_succeeds_is_a_renewal_active_charged_once_with_a_receipt(
    client, container, clock, mailbox, past_due
):
    gateway = container.gateway
    gateway.update_payment_method(f"lumo{past_due}", None, "fake-valid-mastercard-nonce")
    ended = state(container, past_due).end_date
    before = len(receipts(mailbox))

    result = payment_recovery.retry_past_due(container.services, past_due, actor="parent")

    assert (result.ok, result.code, result.message) == (True, payment_recovery.RECOVERED, "")
    sub = state(container, past_due)
    assert sub.payment_state_id == State.ACTIVE
    assert sub.end_date == add_duration(ended, "P1M")  # the missed month is paid
    assert charges(container, past_due) == [(result.transaction_id, Decimal("4.99"))]
    assert len(receipts(mailbox)) == before + 1
    # The gateway's webhook of the same charge records nothing twice and sends no second receipt.
    webhook(
        client,
        gateway,
        "charged",
        f"lumo{past_due}",
        occurred_at=clock.now(),
        paid_through=sub.end_date,
        transaction_id=result.transaction_id,
        amount=Decimal("4.99"),
        currency="EUR",
    )
    assert len(charges(container, past_due)) == 1 and len(receipts(mailbox)) == before + 1
    # Already recovered: nothing to retry, no gateway call.
    again = payment_recovery.retry_past_due(container.services, past_due, actor="dunning")
    assert (again.ok, again.code) == (True, payment_recovery.NOT_PAST_DUE)
    assert len(gateway.retry_calls) == 1


def test_a_declined_retry_changes_nothing_and_answers_the_gateways_message(
    container, mailbox, past_due
):
    before = len(mailbox.sent)

    result = payment_recovery.retry_past_due(container.services, past_due, actor="dunning")

    assert (result.ok, result.code, result.message, result.transaction_id) == (
        False,
        "declined",
        "paymentDeclined",
        None,
    )
    assert state(container, past_due).payment_state_id == State.PAST_DUE
    assert charges(container, past_due) == [] and len(mailbox.sent) == before
    # The claim was released: the next retry reaches the gateway again.
    payment_recovery.retry_past_due(container.services, past_due, actor="dunning")
    assert len(container.gateway.retry_calls) == 2


def test_a_held_claim_keeps_a_second_retry_from_the_gateway_until_it_is_stale(
    container, clock, past_due
):
    ctx = container.services
    with ctx.uow() as uow:
        assert uow.subscriptions.claim_retry(past_due, clock.now(), clock.now())
        uow.commit()
    result = payment_recovery.retry_past_due(ctx, past_due, actor="parent")
    assert (result.ok, result.code, result.message) == (False, "in_progress", "paymentInProgress")
    assert container.gateway.retry_calls == []
    clock.advance(payment_recovery.RETRY_CLAIM_STALE + timedelta(seconds=1))
    container.gateway.update_payment_method(f"lumo{past_due}", None, "fake-valid-nonce")
    assert payment_recovery.retry_past_due(ctx, past_due, actor="parent").ok


def test_only_a_past_due_subscription_is_retried(client, container):
    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]  # a trial
    result = payment_recovery.retry_past_due(container.services, sub_id, actor="parent")
    assert (result.ok, result.code) == (False, payment_recovery.NOT_PAST_DUE)
    assert payment_recovery.retry_past_due(container.services, 999_999, actor="parent").code == (
        payment_recovery.NOT_PAST_DUE
    )
    assert container.gateway.retry_calls == []


def test_ten_concurrent_retries_charge_once(app, container, mailbox, past_due):
    """Meant for PostgreSQL (the conditional UPDATE decides); on SQLite writes are serialised and it holds."""
    ctx = container.services
    container.gateway.update_payment_method(f"lumo{past_due}", None, "fake-valid-nonce")
    before = len(receipts(mailbox))

    with ThreadPoolExecutor(max_workers=10) as pool:
        results = list(
            pool.map(lambda _: payment_recovery.retry_past_due(ctx, past_due, "parent"), range(10))
        )

    assert [r.code for r in results].count(payment_recovery.RECOVERED) == 1, results
    assert {r.code for r in results} <= {
        payment_recovery.RECOVERED,
        payment_recovery.IN_PROGRESS,
        payment_recovery.NOT_PAST_DUE,
    }
    assert len(container.gateway.retry_calls) == 1
    assert len(charges(container, past_due)) == 1 and len(receipts(mailbox)) == before + 1


# -- the link ----------------------------------------------------------------------------------------------
def issue(container, account_id, sub_id, ttl=None):
    ctx = container.services
    with ctx.uow() as uow:
        raw = payment_update_links.issue(ctx, uow, account_id, sub_id, ttl)
        uow.commit()
    return raw


def test_a_link_opens_its_subscription_once_until_it_expires(container, clock, past_due):
    ctx = container.services
    owner = state(container, past_due).account_id
    raw = issue(container, owner, past_due)

    grant = payment_update_links.verify(ctx, raw, past_due)
    assert (grant.account_id, grant.subscription_id) == (owner, past_due)
    assert (
        payment_update_links.verify(ctx, raw).subscription_id == past_due
    )  # reading spends nothing
    with pytest.raises(
        DomainError
    ) as wrong:  # another subscription: refused, and the link not spent
        with ctx.uow() as uow:
            payment_update_links.consume(ctx, uow, raw, past_due + 1)
    assert wrong.value.error == errors.PAYMENT_LINK_INVALID
    with ctx.uow() as uow:
        payment_update_links.consume(ctx, uow, raw, past_due)
        uow.commit()
    for attempt in (lambda: payment_update_links.verify(ctx, raw, past_due),):
        with pytest.raises(DomainError) as used:
            attempt()
        assert used.value.error == errors.PAYMENT_LINK_INVALID

    late = issue(container, owner, past_due, ttl=timedelta(hours=1))
    clock.advance(timedelta(hours=1))
    with pytest.raises(DomainError) as expired:
        payment_update_links.verify(ctx, late, past_due)
    assert expired.value.error == errors.PAYMENT_LINK_INVALID
    with pytest.raises(DomainError):
        payment_update_links.verify(ctx, "not-a-link", past_due)


def test_the_default_lifetime_is_the_setting_and_a_link_is_never_a_session(
    container, clock, past_due
):
    ctx = container.services
    raw = issue(container, state(container, past_due).account_id, past_due)
    clock.advance(timedelta(days=ctx.policy.payment_link_days) - timedelta(minutes=1))
    assert payment_update_links.verify(ctx, raw, past_due)
    with pytest.raises(DomainError) as no_session:
        sessions.authenticate(ctx, raw)
    assert no_session.value.error == errors.LOGIN_NEEDED
    clock.advance(timedelta(minutes=1))
    with pytest.raises(DomainError):
        payment_update_links.verify(ctx, raw, past_due)


def test_the_payment_failed_email_carries_the_link_of_its_subscription(
    container, mailbox, past_due
):
    [failed] = [m for m in mailbox.sent if m.subject == "We could not take your Lumo payment"]
    [link] = re.findall(
        r"http://lumo\.test/payment-method\?subscription=(\d+)&link=([\w-]+)", failed.text
    )
    assert int(link[0]) == past_due
    grant = payment_update_links.verify(container.services, link[1], past_due)
    assert grant.account_id == state(container, past_due).account_id
    assert "/changePlan" not in failed.text


def test_an_unanswered_retry_keeps_its_claim_until_stale(container, clock, monkeypatch, past_due):
    from core.domain.payments import GatewayUnavailable

    ctx = container.services

    def silent(gateway_id, amount):
        raise GatewayUnavailable("timeout")

    monkeypatch.setattr(container.gateway, "retry_charge", silent)
    result = payment_recovery.retry_past_due(ctx, past_due, actor="dunning")
    assert (result.ok, result.code, result.message) == (
        False,
        "unavailable",
        "subscriptionCreateFailed",
    )
    monkeypatch.undo()
    # The outcome is unknown: no second retry until the claim is stale (the webhook tells what happened)
    assert payment_recovery.retry_past_due(ctx, past_due, actor="dunning").code == "in_progress"
    assert container.gateway.retry_calls == []
    clock.advance(payment_recovery.RETRY_CLAIM_STALE + timedelta(seconds=1))
    container.gateway.update_payment_method(f"lumo{past_due}", None, "fake-valid-nonce")
    assert payment_recovery.retry_past_due(ctx, past_due, actor="dunning").ok


def test_a_late_past_due_notice_from_before_the_retry_changes_nothing(
    client, container, clock, past_due
):
    ctx = container.services
    failed_at = clock.now()
    clock.advance(timedelta(hours=1))
    container.gateway.update_payment_method(f"lumo{past_due}", None, "fake-valid-nonce")
    assert payment_recovery.retry_past_due(ctx, past_due, actor="parent").ok
    webhook(
        client,
        container.gateway,
        "past_due",
        f"lumo{past_due}",
        occurred_at=failed_at + timedelta(minutes=5),
    )
    assert state(container, past_due).payment_state_id == State.ACTIVE


def test_a_retry_during_a_discount_charges_the_discounted_price_and_uses_one_cycle(
    container, past_due
):
    with container.services.uow() as uow:  # a LUMO-HALF-like discount with two charges left
        sub = uow.subscriptions.get(past_due)
        sub.discount_price, sub.discount_cycles, sub.discount_cycles_left = Decimal("2.99"), 3, 2
        uow.subscriptions.save(sub)
        uow.commit()
    gateway = container.gateway
    gateway.update_payment_method(f"lumo{past_due}", None, "fake-valid-visa-nonce")

    result = payment_recovery.retry_past_due(container.services, past_due, actor="parent")

    assert result.ok
    assert gateway.retry_calls[-1][1] == Decimal("2.99")  # what the gateway was asked to take
    assert charges(container, past_due) == [(result.transaction_id, Decimal("2.99"))]
    assert state(container, past_due).discount_cycles_left == 1
