"""Refunds and voids from the console (docs/operator-console.md): finance and admin only, a reason, an operation
key per attempt, audited with the charge before and after; the parent page shows the payment history."""

from __future__ import annotations

from decimal import Decimal

from tests.bff.test_refunds import charged, rows


def _setup(client, container, staff_members, settle=True):
    token, sub, transaction = charged(client, container)
    if settle:
        container.gateway.settle(transaction)
    account_id = rows(
        container, "SELECT account_id FROM payments WHERE transaction_id = :t", t=transaction
    )[0][0]
    return account_id, sub, transaction


def test_finance_refunds_part_of_a_charge_once_per_key_and_the_trail_has_before_and_after(
    client, container, staff_members
):
    account_id, sub, transaction = _setup(client, container, staff_members)
    headers = staff_members.headers("finance")
    url = f"/ops/v1/parents/{account_id}/payments/{transaction}/refund"
    body = {"amount": "2.50", "reason": "charged during the outage", "operationKey": "attempt-0001"}

    first = client.post(url, json=body, headers=headers)
    again = client.post(url, json=body, headers=headers)  # a double click: the same refund

    assert first.status_code == 200, first.json
    assert (
        first.json["event"]["kind"],
        first.json["event"]["amount"],
        first.json["event"]["status"],
    ) == ("refund", "2.50", "succeeded")
    assert again.status_code == 200 and again.json["event"]["id"] == first.json["event"]["id"]
    assert container.gateway.refund_calls == [(transaction, Decimal("2.50"))]
    entries = client.get(
        f"/ops/v1/audit?action=parent.refund&accountId={account_id}", headers=headers
    ).json["entries"]
    [entry] = entries
    assert (
        entry["reason"] == "charged during the outage"
        and entry["staffEmail"] == "finance@staff.lumo.example"
    )
    assert entry["before"] == {
        "status": "charged",
        "refunded": "0.00",
        "amount": "9.99",
        "currency": "EUR",
    }
    assert entry["after"]["refunded"] == "2.50" and entry["after"]["kind"] == "refund"
    assert entry["after"]["amount"] == "2.50" and entry["target"] == f"payment:{transaction}"

    page = client.get(f"/ops/v1/parents/{account_id}", headers=headers).json
    [charge] = page["payments"]
    assert (
        charge["transactionId"],
        charge["amount"],
        charge["refundedAmount"],
        charge["refundable"],
    ) == (transaction, "9.99", "2.50", "7.49")
    assert [(e["kind"], e["amount"], e["actor"]) for e in page["paymentEvents"]] == [
        ("charge", "9.99", "gateway"),
        ("refund", "2.50", "finance@staff.lumo.example"),
    ]
    kinds = [e["kind"] for e in page["timeline"]]
    assert "payment.refund" in kinds and "payment.charge" in kinds
    refund_line = next(e for e in page["timeline"] if e["kind"] == "payment.refund")
    assert (
        refund_line["detail"] == f"{transaction} 2.50 EUR" and refund_line["state"] == "succeeded"
    )


def test_refund_needs_a_reason_a_key_and_an_amount_that_is_one(client, container, staff_members):
    account_id, _, transaction = _setup(client, container, staff_members)
    headers = staff_members.headers("admin")
    url = f"/ops/v1/parents/{account_id}/payments/{transaction}/refund"
    for body in (
        {"amount": "1.00", "operationKey": "attempt-0002"},
        {"amount": "1.00", "reason": " ", "operationKey": "attempt-0003"},
        {"amount": "1.00", "reason": "x"},
        {"amount": "ten", "reason": "x", "operationKey": "attempt-0004"},
        {"amount": "-1", "reason": "x", "operationKey": "attempt-0005"},
        {"amount": "2.555", "reason": "x", "operationKey": "attempt-0012"},  # never rounded for you
        {
            "amount": 2.5,
            "reason": "x",
            "operationKey": "attempt-0013",
        },  # a JSON number: not Decimal-safe
        {"amount": "1.00", "reason": "x", "operationKey": "bad key!"},
    ):
        response = client.post(url, json=body, headers=headers)
        assert response.status_code == 400, (body, response.json)
    too_much = client.post(
        url,
        json={"amount": "10.00", "reason": "x", "operationKey": "attempt-0006"},
        headers=headers,
    )
    assert (too_much.status_code, too_much.json["message"]) == (400, "refundTooMuch")
    assert container.gateway.refund_calls == []


def test_a_charge_of_another_parent_is_not_found(client, container, staff_members):
    account_id, _, transaction = _setup(client, container, staff_members)
    response = client.post(
        f"/ops/v1/parents/{account_id + 1000}/payments/{transaction}/refund",
        json={"reason": "x", "operationKey": "attempt-0007"},
        headers=staff_members.headers("admin"),
    )
    assert response.status_code == 404
    missing = client.post(
        f"/ops/v1/parents/{account_id}/payments/no-such-tx/void",
        json={"reason": "x", "operationKey": "attempt-0008"},
        headers=staff_members.headers("admin"),
    )
    assert (missing.status_code, missing.json["message"]) == (404, "paymentNotFound")


def test_an_unsettled_charge_is_voided_and_can_end_access(client, container, staff_members):
    account_id, sub, transaction = _setup(client, container, staff_members, settle=False)
    headers = staff_members.headers("finance")
    response = client.post(
        f"/ops/v1/parents/{account_id}/payments/{transaction}/void",
        json={"reason": "double charge", "operationKey": "attempt-0009", "endAccess": True},
        headers=headers,
    )
    assert response.status_code == 200, response.json
    assert (response.json["event"]["kind"], response.json["event"]["amount"]) == ("void", "9.99")
    assert rows(container, "SELECT status FROM payments") == [("voided",)]
    assert rows(
        container,
        "SELECT payment_state_id FROM subscriptions WHERE id = :s",
        s=sub["subscriptionId"],
    ) == [("Expired",)]
    [entry] = client.get("/ops/v1/audit?action=parent.void", headers=headers).json["entries"]
    assert entry["after"]["status"] == "voided" and entry["after"]["endAccess"] is True


def test_a_settled_charge_is_not_voided(client, container, staff_members):
    account_id, _, transaction = _setup(client, container, staff_members)
    response = client.post(
        f"/ops/v1/parents/{account_id}/payments/{transaction}/void",
        json={"reason": "x", "operationKey": "attempt-0010"},
        headers=staff_members.headers("admin"),
    )
    assert (response.status_code, response.json["message"]) == (400, "refundNotAllowed")


def test_support_may_not_refund(client, container, staff_members):
    account_id, _, transaction = _setup(client, container, staff_members)
    response = client.post(
        f"/ops/v1/parents/{account_id}/payments/{transaction}/refund",
        json={"amount": "1.00", "reason": "x", "operationKey": "attempt-0011"},
        headers=staff_members.headers("support"),
    )
    assert (response.status_code, response.json["message"]) == (403, "staffForbidden")
    assert container.gateway.refund_calls == []
