"""Withdrawing from a contract (docs/consumer-law-withdrawal.md): the express request kept at checkout, the
public page and the profile, the refund through the refund service, the acknowledgement e-mail, and one
refund whatever the race (run on PostgreSQL by CI's second pass)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import text

from core.services import webhooks
from tests.helpers import bearer, pw, signed_up, subscriptions

EMAIL = "parent@example.com"
PERIOD = timedelta(days=31)  # the paid month, from the charge


def buy(client, token, express: bool, language="de", country="DE"):
    body = {
        "paymentNonce": "fake-valid-nonce",
        "plans": {"planId": "lumo_tv_monthly_eur"},
        "billingName": "Ana P",
        "expressStart": express,
        "language": language,
    }
    headers = {**bearer(token), "X-Country-Code": country}
    answer = client.post("/v5/braintree/subscription", json=body, headers=headers)
    assert answer.status_code == 200, answer.json
    return answer.json["data"]["subscriptionId"]


def paid_month(client, container, express: bool, language="de", settled=True):
    """A parent bought with the 7-day trial; on day 7 the first month was charged (4.99, settled).
    Answers (token, subscription id, transaction id)."""
    token = signed_up(client)
    sid = buy(client, token, express, language)
    services = container.services
    services.clock.advance(timedelta(days=7))
    gateway = container.gateway
    gateway_id = next(iter(gateway.subscriptions))
    transaction = gateway.charge(gateway_id, Decimal("4.99"), "EUR")
    if settled:
        gateway.settle(transaction)
    assert webhooks.receive(
        services,
        *gateway.sample_notification(
            "charged",
            gateway_id,
            paid_through=services.clock.now() + PERIOD,
            transaction_id=transaction,
            amount=Decimal("4.99"),
            currency="EUR",
        ),
    )
    return token, sid, transaction


def declare(client, sid, email=EMAIL, language="de", name="Ana Parent"):
    return client.post(
        "/v5/withdrawals",
        json={"name": name, "email": email, "reference": f"LUMO-{sid}", "language": language},
    )


def rows(container, sql, **params):
    with container.engine.connect() as c:
        return [tuple(r) for r in c.execute(text(sql), params).all()]


def refunds_of(container, sid):
    return [
        (kind, Decimal(str(amount)).quantize(Decimal("0.01")), status)
        for kind, amount, status in rows(
            container,
            "SELECT kind, amount, status FROM payment_events WHERE subscription_id = :s "
            "AND kind <> 'charge'",
            s=sid,
        )
    ]


def test_the_express_request_is_kept_with_the_purchase(client, container, mailbox):
    token = signed_up(client)
    sid = buy(client, token, express=True, language="fr", country="FR")
    [(express, version, language, country, price, currency)] = rows(
        container,
        "SELECT express_request, version, language, country, price_after_trial, currency "
        "FROM purchase_consents WHERE subscription_id = :s",
        s=sid,
    )
    assert (bool(express), version, language, country, currency) == (
        True,
        "express-start-2026-11",
        "fr",
        "FR",
        "EUR",
    )
    assert Decimal(str(price)) == Decimal("4.99")
    [receipt] = [m for m in mailbox.sent if m.subject == "Your Lumo receipt"]
    assert f"LUMO-{sid}" in receipt.text
    assert "you asked us to start your subscription at once" in receipt.text


def test_unticked_the_purchase_goes_through_and_outside_the_eu_nothing_is_asked(client, container):
    token = signed_up(client)
    sid = buy(client, token, express=False)
    assert rows(
        container, "SELECT express_request FROM purchase_consents WHERE subscription_id = :s", s=sid
    ) == [(False,)]
    other = signed_up(client, email="us@example.com")
    us = buy(client, other, express=True, country="US")
    assert rows(
        container, "SELECT count(*) FROM purchase_consents WHERE subscription_id = :s", s=us
    ) == [(0,)]


def test_day_3_of_the_paid_month_with_the_express_request_refunds_the_unused_days(
    client, container, mailbox
):
    token, sid, transaction = paid_month(client, container, express=True)
    container.services.clock.advance(timedelta(days=2, hours=5))  # day 3 of the month, day 10 of 14
    answer = declare(client, sid)
    assert answer.status_code == 200, answer.json
    # 4.99 x (31 - 3) / 31 = 4.5070... -> 4.51
    assert answer.json["refundAmount"] == "4.51"
    assert (answer.json["expressRequest"], answer.json["refundStatus"]) == (True, "succeeded")
    assert refunds_of(container, sid) == [("withdrawal_refund", Decimal("4.51"), "succeeded")]
    assert container.gateway.transactions[transaction]["refunds"] == [Decimal("4.51")]
    [sub] = subscriptions(client, token)
    assert (sub["paymentStateId"], sub["isRenewing"]) == ("Expired", False)
    # the gateway stops renewing it
    assert container.gateway.subscriptions[f"lumo{sid}"]["status"] == "Canceled"
    [ack] = [m for m in mailbox.sent if "Widerruf" in m.subject]
    assert ack.to == EMAIL
    assert f"LUMO-{sid}" in ack.subject and "4,51" in ack.text and "Ana Parent" in ack.text
    audit = rows(container, "SELECT action, target, staff_id FROM audit_log")
    assert ("parent.withdrawal", f"subscription:{sid}", None) in audit


def test_without_the_express_request_everything_is_refunded(client, container):
    token, sid, _ = paid_month(client, container, express=False)
    container.services.clock.advance(timedelta(days=2, hours=5))
    answer = declare(client, sid)
    assert answer.status_code == 200, answer.json
    assert (answer.json["refundAmount"], answer.json["expressRequest"]) == ("4.99", False)
    assert refunds_of(container, sid) == [("withdrawal_refund", Decimal("4.99"), "succeeded")]


def test_during_the_trial_the_contract_ends_and_nothing_is_refunded(client, container, mailbox):
    token = signed_up(client)
    sid = buy(client, token, express=True, language="fr")
    container.services.clock.advance(timedelta(days=2))
    answer = declare(client, sid, language="fr")
    assert (answer.status_code, answer.json["refundAmount"], answer.json["refundStatus"]) == (
        200,
        "0.00",
        "none",
    )
    [ack] = [m for m in mailbox.sent if "rétractation" in m.subject]
    assert "il n’y a rien à rembourser" in ack.text
    assert refunds_of(container, sid) == []


def test_on_day_15_the_function_is_gone(client, container):
    token, sid, _ = paid_month(client, container, express=True)
    container.services.clock.advance(timedelta(days=6, hours=23))  # day 14: the last hour
    assert [
        c["subscriptionId"]
        for c in client.get("/v5/withdrawals/open", headers=bearer(token)).json["contracts"]
    ] == [sid]
    container.services.clock.advance(timedelta(hours=1))  # 14 days since the purchase: day 15
    answer = declare(client, sid)
    assert (answer.status_code, answer.json["message"]) == (400, "withdrawalPeriodOver")
    assert client.get("/v5/withdrawals/open", headers=bearer(token)).json == {"contracts": []}
    answer = client.post(
        "/v5/withdrawals/profile", json={"subscriptionId": sid}, headers=bearer(token)
    )
    assert (answer.status_code, answer.json["message"]) == (400, "withdrawalPeriodOver")
    assert refunds_of(container, sid) == []


def test_the_profile_withdraws_the_parents_own_contract(client, container, mailbox):
    token, sid, _ = paid_month(client, container, express=False, language="ar")
    stranger = signed_up(client, email="stranger@example.com")
    refused = client.post(
        "/v5/withdrawals/profile", json={"subscriptionId": sid}, headers=bearer(stranger)
    )
    assert (refused.status_code, refused.json["message"]) == (404, "withdrawalNotFound")
    answer = client.post(
        "/v5/withdrawals/profile",
        json={"subscriptionId": sid, "language": "ar"},
        headers=bearer(token),
    )
    assert answer.status_code == 200, answer.json
    assert answer.json["refundAmount"] == "4.99"
    [ack] = [m for m in mailbox.sent if "الانسحاب" in m.subject or "انسحابك" in m.subject]
    assert 'dir="rtl"' in ack.html and f"LUMO-{sid}" in ack.text
    assert rows(container, "SELECT channel FROM withdrawals") == [("profile",)]


@pytest.mark.parametrize(
    ("email", "reference"),
    [("someone@example.com", None), (EMAIL, "LUMO-999999"), (EMAIL, "nonsense")],
)
def test_a_wrong_address_or_reference_is_the_same_404(client, container, email, reference):
    token = signed_up(client)
    sid = buy(client, token, express=False)
    answer = client.post(
        "/v5/withdrawals",
        json={"name": "Ana", "email": email, "reference": reference or f"LUMO-{sid}"},
    )
    assert (answer.status_code, answer.json["message"]) == (404, "withdrawalNotFound")


def test_bad_input_gets_the_catalogues_errors(client):
    assert client.post("/v5/withdrawals", json={"name": "A"}).status_code == 400
    answer = client.post(
        "/v5/withdrawals", json={"name": " ", "email": "not-an-address", "reference": "LUMO-1"}
    )
    assert (answer.status_code, answer.json["message"]) == (400, "withdrawalInvalid")


def test_a_repeated_declaration_answers_the_first(client, container):
    _, sid, _ = paid_month(client, container, express=True)
    first = declare(client, sid)
    container.services.clock.advance(timedelta(hours=1))
    again = declare(client, sid)
    assert again.status_code == 200
    assert again.json == first.json
    assert len(refunds_of(container, sid)) == 1


def test_ten_parallel_declarations_give_one_refund(app, container):
    client = app.test_client()
    _, sid, transaction = paid_month(client, container, express=False)

    def attempt(_):
        return declare(app.test_client(), sid)

    with ThreadPoolExecutor(max_workers=10) as pool:
        answers = list(pool.map(attempt, range(10)))
    assert [a.status_code for a in answers] == [200] * 10
    assert len({a.json["id"] for a in answers}) == 1
    assert refunds_of(container, sid) == [("withdrawal_refund", Decimal("4.99"), "succeeded")]
    assert container.gateway.transactions[transaction]["refunds"] == [Decimal("4.99")]
    assert rows(container, "SELECT count(*) FROM withdrawals") == [(1,)]


def test_the_database_refuses_a_second_withdrawal_refund(client, container):
    _, sid, transaction = paid_month(client, container, express=False)
    assert declare(client, sid).status_code == 200
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError), container.engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO payment_events (subscription_id, transaction_id, kind, amount, "
                "status, actor, reason, operation_key, end_access, created_at) VALUES (:s, :t, "
                "'withdrawal_refund', 1, 'pending', 'x', 'y', 'another-key', false, :at)"
            ),
            {"s": sid, "t": transaction, "at": container.services.clock.now()},
        )


def test_erasing_the_account_keeps_the_withdrawal_but_not_whose_it_was(client, container):
    token, sid, _ = paid_month(client, container, express=False)
    assert declare(client, sid).status_code == 200
    export = client.get("/v5/account/export", headers=bearer(token)).json
    [declared] = export["withdrawals"]
    assert (declared["reference"], declared["email"], declared["refundAmount"]) == (
        f"LUMO-{sid}",
        EMAIL,
        "4.99",
    )
    erased = client.post("/v5/account/delete", json={"password": pw()}, headers=bearer(token))
    assert erased.json == {"status": True}
    assert rows(container, "SELECT name, email, reference FROM withdrawals") == [
        ("", "", f"LUMO-{sid}")
    ]


def test_a_charge_not_yet_settled_is_voided_whole_never_refused(client, container):
    _, sid, transaction = paid_month(client, container, express=True, settled=False)
    container.services.clock.advance(timedelta(days=2, hours=5))
    answer = declare(client, sid)
    assert answer.status_code == 200, answer.json
    assert answer.json["refundStatus"] == "succeeded"
    # 4.51 was due; a charge that has not settled can only be voided whole: the parent gets more back
    assert refunds_of(container, sid) == [("withdrawal_void", Decimal("4.99"), "succeeded")]
    assert container.gateway.transactions[transaction]["status"] == "voided"


@pytest.mark.parametrize(
    ("settled", "kind"), [(True, "withdrawal_refund"), (False, "withdrawal_void")]
)
def test_a_withdrawal_refund_or_void_gets_a_credit_note_correcting_the_receipt(
    client, container, settled, kind
):
    token, sid, transaction = paid_month(client, container, express=False, settled=settled)
    container.services.clock.advance(timedelta(days=1))
    assert declare(client, sid).status_code == 200
    history = client.get("/v5/billing-history", headers=bearer(token)).json["entries"]
    note, charge = history
    assert (note["kind"], note["amount"], charge["kind"]) == (kind, "4.99", "charge")
    page = client.get(f"/v5/billing-documents/{note['document']['number']}", headers=bearer(token))
    assert page.json["kind"] == "credit_note"
    assert page.json["corrects"] == charge["document"]["number"]
    assert page.json["amounts"]["gross"] == "4.99"


# docs/consumer-law-withdrawal.md#retried-refunds: the beat retries a refund the gateway did not answer.
def gateway_down(monkeypatch, gateway):
    from core.domain.payments import GatewayUnavailable

    def unavailable(*_args, **_kwargs):
        raise GatewayUnavailable("down")

    monkeypatch.setattr(gateway, "refund", unavailable)
    monkeypatch.setattr(gateway, "void", unavailable)


def test_a_refund_the_gateway_did_not_answer_is_retried_with_backoff_then_done_once(
    client, container, monkeypatch
):
    from core.services.withdrawals import retry_refunds

    services = container.services
    gateway = container.gateway
    _, sid, transaction = paid_month(client, container, express=False)
    gateway_down(monkeypatch, gateway)
    answer = declare(client, sid)
    assert answer.status_code == 200, answer.json
    assert refunds_of(container, sid) == [("withdrawal_refund", Decimal("4.99"), "pending")]
    assert retry_refunds(services) == 0  # too fresh: the declaration's own call may still run
    services.clock.advance(timedelta(minutes=3))
    assert retry_refunds(services) == 0  # still down: attempt 1, the next in 2 minutes
    assert retry_refunds(services) == 0  # not due yet: not even tried
    assert rows(container, "SELECT refund_attempts FROM withdrawals") == [(1,)]
    services.clock.advance(timedelta(minutes=2))
    assert retry_refunds(services) == 0  # attempt 2, the next in 4 minutes
    assert rows(container, "SELECT refund_attempts FROM withdrawals") == [(2,)]
    monkeypatch.undo()  # the gateway is back
    services.clock.advance(timedelta(minutes=3))
    assert retry_refunds(services) == 0  # backoff: not before 4 minutes
    services.clock.advance(timedelta(minutes=1))
    assert retry_refunds(services) == 1
    assert refunds_of(container, sid) == [("withdrawal_refund", Decimal("4.99"), "succeeded")]
    assert gateway.transactions[transaction]["refunds"] == [Decimal("4.99")]
    services.clock.advance(timedelta(hours=7))
    assert retry_refunds(services) == 0  # done: never again
    assert gateway.transactions[transaction]["refunds"] == [Decimal("4.99")]


def test_ten_beat_workers_retrying_one_refund_give_it_back_once(app, container, monkeypatch):
    """Run on PostgreSQL by CI's second pass (DATABASE_URL): the conditional UPDATE lets one worker take
    the attempt, the operation key and the unique index keep one refund."""
    from core.services.withdrawals import retry_refunds

    client = app.test_client()
    services = container.services
    gateway = container.gateway
    _, sid, transaction = paid_month(client, container, express=False)
    gateway_down(monkeypatch, gateway)
    assert declare(client, sid).status_code == 200
    monkeypatch.undo()
    services.clock.advance(timedelta(minutes=3))
    with ThreadPoolExecutor(max_workers=10) as pool:
        finished = list(pool.map(lambda _: retry_refunds(services), range(10)))
    assert sum(finished) == 1
    assert refunds_of(container, sid) == [("withdrawal_refund", Decimal("4.99"), "succeeded")]
    assert gateway.transactions[transaction]["refunds"] == [Decimal("4.99")]
    assert [c for c in gateway.refund_calls if c[0] == transaction] == [
        (transaction, Decimal("4.99"))
    ]
    assert rows(container, "SELECT refund_attempts FROM withdrawals") == [(1,)]
