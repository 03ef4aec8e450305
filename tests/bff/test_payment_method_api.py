"""GET/PUT /v5/subscriptions/{id}/payment-method: by the parent's session or by the payment-failed e-mail's
link (docs/billing.md#fixing-a-failed-payment)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from core.domain.payments import GatewayResult
from tests.helpers import bearer, pay, signed_up, subscriptions

FAILED_SUBJECT = "We could not take your Lumo payment"


def receipts(mailbox):
    return [m for m in mailbox.sent if m.subject == "Your Lumo receipt"]


def go_past_due(client, container, clock, token):
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    gateway = container.gateway
    gateway.decline_renewals(f"lumo{sub_id}")
    clock.advance(timedelta(days=7))
    sig, payload = gateway.sample_notification(
        "charge_failed", f"lumo{sub_id}", occurred_at=clock.now()
    )
    assert (
        client.post(
            "/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload}
        ).status_code
        == 200
    )
    return sub_id


@pytest.fixture
def parent(client):
    return signed_up(client)


@pytest.fixture
def past_due(client, container, clock, parent):
    return go_past_due(client, container, clock, parent)


def link_of(mailbox, sub_id):
    [failed] = [m for m in mailbox.sent if m.subject == FAILED_SUBJECT][-1:]
    [(linked, token)] = re.findall(
        r"/payment-method\?subscription=(\d+)&link=([\w-]+)", failed.text
    )
    assert int(linked) == sub_id
    return token


def put(client, sub_id, nonce="fake-valid-mastercard-nonce", key=None, **headers):
    if key:
        headers["Idempotency-Key"] = key
    return client.put(
        f"/v5/subscriptions/{sub_id}/payment-method", json={"nonce": nonce}, headers=headers
    )


def test_the_parent_sees_what_is_on_file_and_what_is_due(client, parent, past_due):
    answer = client.get(f"/v5/subscriptions/{past_due}/payment-method", headers=bearer(parent))
    assert answer.status_code == 200
    body = answer.json
    assert (body["updatable"], body["pastDue"], body["amountDue"]) == (True, True, "4.99")
    assert (body["method"], body["card"], body["payerEmail"]) == (
        "card",
        {"brand": "Visa", "last4": "1881"},
        None,
    )
    assert body["subscription"]["paymentStateId"] == "Past_Due"
    token = client.get(
        f"/v5/subscriptions/{past_due}/payment-method/client-token", headers=bearer(parent)
    )
    assert token.status_code == 200 and token.json["clientToken"].startswith("sandbox_")


def test_an_update_by_session_retries_at_once_active_with_one_receipt(
    client, container, mailbox, parent, past_due
):
    before = len(receipts(mailbox))

    answer = put(client, past_due, key="update-1", **bearer(parent))

    assert answer.status_code == 200, answer.json
    assert answer.json["paymentStateId"] == "Active"
    assert answer.json["paymentCard"] == {"brand": "MasterCard", "last4": "4444"}
    assert len(receipts(mailbox)) == before + 1
    gateway = container.gateway
    assert gateway.removed_methods == [(f"lumo{past_due}", "fake-valid-nonce")]
    # The same request again: the same answer, no second gateway call or charge
    again = put(client, past_due, key="update-1", **bearer(parent))
    assert again.status_code == 200 and again.json["paymentStateId"] == "Active"
    assert len(gateway.retry_calls) == 1 and len(receipts(mailbox)) == before + 1
    other = put(
        client,
        past_due,
        nonce="fake-paypal-billing-agreement-nonce",
        key="update-1",
        **bearer(parent),
    )
    assert (other.status_code, other.json["code"]) == (400, 11)


def test_an_active_subscription_changes_method_without_a_charge(client, container, parent):
    sub_id = pay(client, parent).json["data"]["subscriptionId"]  # a trial
    answer = put(client, sub_id, nonce="fake-paypal-billing-agreement-nonce", **bearer(parent))
    assert answer.status_code == 200
    assert (answer.json["paymentStateId"], answer.json["paymentMethod"]) == ("Trial", "paypal")
    assert answer.json["paymentEmail"] == "j•••@paypal.com" and answer.json["paymentCard"] is None
    assert container.gateway.retry_calls == []


def test_a_declined_card_changes_nothing_and_says_why(client, container, parent, past_due):
    answer = put(client, past_due, nonce="fake-processor-declined-visa-nonce", **bearer(parent))
    assert answer.status_code == 400
    assert (answer.json["message"], answer.json["errorMessage"]) == (
        "paymentNotValid",
        "paymentDeclined",
    )
    [sub] = subscriptions(client, parent)
    assert sub["paymentStateId"] == "Past_Due" and sub["paymentCard"]["last4"] == "1881"
    assert container.gateway.retry_calls == []


def test_a_declined_retry_answers_the_gateways_message_and_keeps_the_link(
    client, container, mailbox, monkeypatch, past_due
):
    link = link_of(mailbox, past_due)
    monkeypatch.setattr(
        container.gateway,
        "retry_charge",
        lambda gid, amount: GatewayResult(ok=False, gateway_id=gid, error="declined"),
    )
    refused = put(client, past_due, **{"X-Payment-Link": link})
    assert (refused.status_code, refused.json["errorMessage"]) == (400, "paymentDeclined")
    monkeypatch.undo()
    # Another method, with the same link: it was not spent by the refusal
    answer = put(
        client, past_due, nonce="fake-paypal-billing-agreement-nonce", **{"X-Payment-Link": link}
    )
    assert answer.status_code == 200 and answer.json["paymentStateId"] == "Active"


def test_the_link_opens_its_subscription_without_a_password_once(
    client, container, mailbox, parent, past_due
):
    link = link_of(mailbox, past_due)
    header = {"X-Payment-Link": link}
    shown = client.get(f"/v5/subscriptions/{past_due}/payment-method", headers=header)
    assert shown.status_code == 200 and shown.json["pastDue"] is True
    assert (
        client.get(
            f"/v5/subscriptions/{past_due}/payment-method/client-token", headers=header
        ).status_code
        == 200
    )
    # Never a session: the profile and every other call still need a login
    assert client.get("/v5/subscriptions", headers=bearer(link)).status_code == 401
    assert client.get("/v4/users/subscriptions", headers=bearer(link)).status_code == 401

    answer = put(client, past_due, **header)
    assert answer.status_code == 200 and answer.json["paymentStateId"] == "Active"
    used = put(client, past_due, nonce="fake-valid-visa-nonce", **header)
    assert (used.status_code, used.json["message"]) == (403, "paymentLinkInvalid")
    assert (
        client.get(f"/v5/subscriptions/{past_due}/payment-method", headers=header).status_code
        == 403
    )


def test_a_link_of_another_subscription_or_expired_is_refused(
    client, container, clock, mailbox, parent, past_due
):
    link = link_of(mailbox, past_due)
    other_parent = signed_up(client, email="other@example.com")
    other = go_past_due(client, container, clock, other_parent)
    for sub_id in (other, past_due + 1000):
        refused = put(client, sub_id, **{"X-Payment-Link": link})
        assert (refused.status_code, refused.json["message"]) == (403, "paymentLinkInvalid")
    assert put(client, past_due, **{"X-Payment-Link": "made-up"}).status_code == 403
    clock.advance(timedelta(days=container.services.policy.payment_link_days))
    expired = put(client, past_due, **{"X-Payment-Link": link})
    assert (expired.status_code, expired.json["message"]) == (403, "paymentLinkInvalid")
    # Nothing was changed by any of them
    [sub] = subscriptions(client, parent)
    assert sub["paymentStateId"] == "Past_Due"


def test_only_the_owner_and_only_a_renewing_web_subscription(client, container, parent, past_due):
    stranger = signed_up(client, email="stranger@example.com")
    assert put(client, past_due, **bearer(stranger)).status_code == 404
    assert (
        client.get(
            f"/v5/subscriptions/{past_due}/payment-method", headers=bearer(stranger)
        ).status_code
        == 404
    )
    assert put(client, past_due).status_code == 401
    cancelled = signed_up(client, email="cancelled@example.com")
    sub_id = pay(client, cancelled).json["data"]["subscriptionId"]
    cancel = client.get(
        f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(cancelled)
    )
    assert cancel.status_code == 200
    refused = put(client, sub_id, **bearer(cancelled))
    assert (refused.status_code, refused.json["message"]) == (400, "paymentMethodNotUpdatable")
    shown = client.get(f"/v5/subscriptions/{sub_id}/payment-method", headers=bearer(cancelled))
    assert shown.status_code == 200 and shown.json["updatable"] is False


def test_a_failed_3ds_authentication_is_refused_before_the_gateway(
    client, container, parent, past_due
):
    answer = put(
        client,
        past_due,
        nonce="fake-three-d-secure-visa-failed-authentication-nonce",
        **bearer(parent),
    )
    assert answer.status_code == 400 and answer.json["errorMessage"] == "threeDSecureFailed"
    assert container.gateway.retry_calls == []


def test_a_3ds_card_updates_and_keeps_its_authentication(client, container, parent, past_due):
    answer = put(
        client,
        past_due,
        nonce="fake-three-d-secure-visa-full-authentication-nonce",
        **bearer(parent),
    )
    assert answer.status_code == 200 and answer.json["paymentStateId"] == "Active"
    with container.services.uow() as uow:
        sub = uow.subscriptions.get(past_due)
    assert (sub.three_d_secure_status, sub.liability_shifted) == ("authenticate_successful", True)


def test_make_run_can_decline_a_renewal_in_the_sandbox(app, client, mailbox, parent):
    sub_id = pay(client, parent).json["data"]["subscriptionId"]
    runner = app.test_cli_runner()
    result = runner.invoke(args=["sandbox", "decline-renewal", str(sub_id)])
    assert result.exit_code == 0, result.output
    assert f"subscription {sub_id}: Past_Due" in result.output
    [sub] = subscriptions(client, parent)
    assert sub["paymentStateId"] == "Past_Due"
    assert link_of(mailbox, sub_id)
    assert runner.invoke(args=["sandbox", "decline-renewal", "424242"]).exit_code != 0
