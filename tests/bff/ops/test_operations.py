"""Dead letters (list, retry, discard with a reason) and the webhook log."""

from datetime import timedelta

from sqlalchemy import insert, select

from core.adapters.db.models.operations import OutboxRow
from core.adapters.db.models.payments import WebhookEventRow


def _dead(container, clock, topic="partner_subscribed", kind="partner", account_id=None):
    with container.engine.begin() as c:
        return c.execute(
            insert(OutboxRow)
            .values(
                kind=kind,
                topic=topic,
                payload={"x": 1},
                created_at=clock.now(),
                attempts=10,
                last_error="HTTP 500",
                dead_at=clock.now(),
                account_id=account_id,
            )
            .returning(OutboxRow.id)
        ).scalar()


def test_dead_letters_are_listed_retried_and_discarded_with_a_reason(
    client, container, clock, staff_members
):
    first, second = (
        _dead(container, clock),
        _dead(container, clock, topic="partner_unsubscribed", account_id=7),
    )
    admin = staff_members.headers("admin")
    listed = client.get("/ops/v1/outbox/dead", headers=admin).json["entries"]
    assert [(e["id"], e["kind"], e["attempts"], e["lastError"]) for e in listed] == [
        (first, "partner", 10, "HTTP 500"),
        (second, "partner", 10, "HTTP 500"),
    ]
    assert client.post(f"/ops/v1/outbox/{first}/retry", json={}, headers=admin).status_code == 200
    no_reason = client.post(f"/ops/v1/outbox/{second}/discard", json={}, headers=admin)
    assert no_reason.status_code == 400 and no_reason.json["message"] == "reasonRequired"
    assert (
        client.post(
            f"/ops/v1/outbox/{second}/discard", json={"reason": "partner gone"}, headers=admin
        ).status_code
        == 200
    )
    # the retried one was tried again at once (in-process jobs) and, its partner still unknown, died again
    assert [
        (e["id"], e["attempts"])
        for e in client.get("/ops/v1/outbox/dead", headers=admin).json["entries"]
    ] == [(first, 1)]
    for url in (
        f"/ops/v1/outbox/{second}/retry",
        f"/ops/v1/outbox/{second}/discard",
        "/ops/v1/outbox/999/retry",
    ):
        gone = client.post(url, json={"reason": "again"}, headers=admin)
        assert gone.status_code == 404 and gone.json["message"] == "deadLetterNotFound"
    with container.engine.connect() as c:
        rows = {r.id: r for r in c.execute(select(OutboxRow))}
    assert rows[first].attempts == 1 and rows[second].discarded_at is not None
    entries = client.get(
        "/ops/v1/audit", query_string={"action": "outbox.discard"}, headers=admin
    ).json["entries"]
    assert [(e["target"], e["reason"], e["accountId"]) for e in entries] == [
        (f"outbox:{second}", "partner gone", 7)
    ]
    # the CLI's list agrees: a discarded letter is gone from it too
    result = client.application.test_cli_runner().invoke(args=["outbox", "dead"])
    listed_ids = [line.split()[0] for line in result.output.splitlines()[1:]]
    assert listed_ids == [str(first)]


def test_the_webhook_log_lists_newest_first(client, container, clock, staff_members):
    with container.engine.begin() as c:
        for i in range(3):
            c.execute(
                insert(WebhookEventRow).values(
                    kind="subscription_went_active",
                    gateway_id=f"gw{i}",
                    occurred_at=clock.now() - timedelta(hours=i),
                    received_at=clock.now(),
                )
            )
    finance = staff_members.headers("finance")
    entries = client.get("/ops/v1/webhooks?limit=2", headers=finance).json["entries"]
    assert [e["gatewayId"] for e in entries] == ["gw2", "gw1"]
    older = client.get(
        "/ops/v1/webhooks", query_string={"beforeId": entries[-1]["id"]}, headers=finance
    ).json
    assert [e["gatewayId"] for e in older["entries"]] == ["gw0"]
