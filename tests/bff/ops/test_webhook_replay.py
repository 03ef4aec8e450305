"""The webhook log and its replay (admin, reason required, audited before/after; docs/operator-console.md)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from core.services import webhooks
from tests.bff.test_refunds import rows
from tests.helpers import pay, signed_up, subscriptions


def _subscribed(client, container):
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    return sub, next(iter(container.gateway.subscriptions))


def test_the_log_keeps_what_the_event_said_and_an_admin_replays_it(
    client, container, staff_members
):
    sub, gateway_id = _subscribed(client, container)
    gateway, clock = container.gateway, container.services.clock
    transaction = gateway.charge(gateway_id, Decimal("9.99"), "EUR")
    paid_through = clock.now() + timedelta(days=30)
    assert webhooks.receive(
        container.services,
        *gateway.sample_notification(
            "canceled", gateway_id, occurred_at=clock.now() - timedelta(hours=1)
        ),
    )
    assert not webhooks.receive(
        container.services,
        *gateway.sample_notification(  # older than the cancel
            "went_active", gateway_id, occurred_at=clock.now() - timedelta(hours=2)
        ),
    )
    headers = staff_members.headers("admin")
    log = client.get("/ops/v1/webhooks", headers=headers).json["entries"]
    assert [(e["kind"], e["outcome"], e["replays"]) for e in log] == [
        ("went_active", "out_of_order", 0),
        ("canceled", "applied", 0),
    ]
    stale = client.post(
        f"/ops/v1/webhooks/{log[0]['id']}/replay", json={"reason": "check"}, headers=headers
    )
    assert (stale.status_code, stale.json["message"]) == (409, "webhookReplayStale")
    assert (
        client.post(f"/ops/v1/webhooks/{log[1]['id']}/replay", json={}, headers=headers).status_code
        == 400
    )

    # a charge notice the database lost track of (restored backup): the replay records the charge again, once
    assert webhooks.receive(
        container.services,
        *gateway.sample_notification(
            "charged",
            gateway_id,
            paid_through=paid_through,
            transaction_id=transaction,
            amount=Decimal("9.99"),
            currency="EUR",
        ),
    )
    with container.engine.begin() as c:
        from sqlalchemy import text

        # What a restored backup lost: the charge, its history and its receipt
        c.execute(text("DELETE FROM billing_documents"))
        c.execute(text("DELETE FROM payment_events"))
        c.execute(text("DELETE FROM payments"))
    charged = client.get("/ops/v1/webhooks", headers=headers).json["entries"][0]
    assert (charged["kind"], charged["transactionId"], charged["amount"], charged["currency"]) == (
        "charged",
        transaction,
        "9.99",
        "EUR",
    )
    replayed = client.post(
        f"/ops/v1/webhooks/{charged['id']}/replay",
        json={"reason": "restored backup"},
        headers=headers,
    )
    assert replayed.status_code == 200, replayed.json
    assert replayed.json["subscriptionId"] == sub["subscriptionId"]
    again = client.post(
        f"/ops/v1/webhooks/{charged['id']}/replay", json={"reason": "twice"}, headers=headers
    )
    assert again.status_code == 200
    assert rows(container, "SELECT transaction_id, amount FROM payments") == [
        (transaction, Decimal("9.99"))
    ]
    assert client.get("/ops/v1/webhooks", headers=headers).json["entries"][0]["replays"] == 2
    entries = client.get("/ops/v1/audit?action=webhook.replay", headers=headers).json["entries"]
    assert [e["reason"] for e in entries] == ["twice", "restored backup"]
    assert (
        entries[1]["target"] == f"webhook:{charged['id']}"
        and entries[1]["after"]["kind"] == "charged"
    )
    assert entries[1]["before"]["state"] == "Cancelled" and entries[1]["accountId"] is not None


def test_replay_is_admin_only_and_a_missing_event_is_404(client, staff_members):
    assert (
        client.post(
            "/ops/v1/webhooks/1/replay",
            json={"reason": "x"},
            headers=staff_members.headers("finance"),
        ).status_code
        == 403
    )
    missing = client.post(
        "/ops/v1/webhooks/424242/replay",
        json={"reason": "x"},
        headers=staff_members.headers("admin"),
    )
    assert (missing.status_code, missing.json["message"]) == (404, "webhookEventNotFound")
