"""Withdrawals in the console's queue of public declarations (docs/operator-console.md#public-declarations): listed
with the cancellations (kind withdrawal, matched until handled), exported in the same CSV, marked handled once and
audited as a cancellation is."""

from __future__ import annotations

import csv
import io

from tests.bff.test_withdrawals_api import EMAIL, declare, paid_month


def test_a_withdrawal_is_queued_exported_and_handled_once_audited(client, container, staff_members):
    _, sid, _ = paid_month(client, container, express=True)
    assert declare(client, sid).status_code == 200
    cancelled = client.post(
        "/v5/contract-cancellations",
        json={
            "termination": "ordinary",
            "name": "Bo Stranger",
            "email": "stranger@example.com",
            "language": "fr",
        },
    )
    assert cancelled.status_code == 201, cancelled.json
    headers = staff_members.headers("support")

    everything = client.get("/ops/v1/declarations", headers=headers).json["entries"]
    assert [(d["kind"], d["email"], d["status"]) for d in everything] == [
        ("cancellation", "stranger@example.com", "unmatched"),
        ("withdrawal", EMAIL, "matched"),
    ]
    withdrawal = everything[1]
    assert (withdrawal["reference"], withdrawal["language"], withdrawal["country"]) == (
        f"LUMO-{sid}",
        "de",
        "FR",  # the country the page was sent from (the test client's default)
    )
    assert withdrawal["outcome"][0]["subscriptionId"] == sid
    assert withdrawal["outcome"][0]["action"] == "withdrawn"
    assert "receiptHash" not in withdrawal
    only = client.get("/ops/v1/declarations?kind=withdrawal", headers=headers).json["entries"]
    assert [d["id"] for d in only] == [withdrawal["id"]]
    waiting = client.get("/ops/v1/declarations?status=matched", headers=headers).json["entries"]
    assert [d["kind"] for d in waiting] == ["withdrawal"]
    assert (
        client.get("/ops/v1/declarations?status=unmatched&kind=withdrawal", headers=headers).json[
            "entries"
        ]
        == []
    )

    exported = client.get("/ops/v1/declarations?format=csv", headers=headers)
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True))))
    assert [(r["kind"], r["email"], r["status"], r["reference"]) for r in rows] == [
        ("cancellation", "stranger@example.com", "unmatched", ""),
        ("withdrawal", EMAIL, "matched", f"LUMO-{sid}"),
    ]
    assert '"action": "withdrawn"' in rows[1]["outcome"]

    url = f"/ops/v1/declarations/withdrawals/{withdrawal['id']}/handled"
    no_reason = client.post(url, json={}, headers=headers)
    assert (no_reason.status_code, no_reason.json["message"]) == (400, "reasonRequired")
    done = client.post(url, json={"reason": "Refund checked"}, headers=headers)
    assert done.status_code == 200, done.json
    assert (done.json["kind"], done.json["status"], done.json["handledBy"]) == (
        "withdrawal",
        "done",
        "support@staff.lumo.example",
    )
    again = client.post(url, json={"reason": "twice"}, headers=headers)
    assert (again.status_code, again.json["message"]) == (409, "declarationHandled")
    missing = client.post(
        "/ops/v1/declarations/withdrawals/999999/handled", json={"reason": "x"}, headers=headers
    )
    assert (missing.status_code, missing.json["message"]) == (404, "declarationNotFound")

    trail = client.get(
        "/ops/v1/audit?action=declaration.handled", headers=staff_members.headers("admin")
    ).json["entries"]
    assert [
        (e["staffEmail"], e["target"], e["reason"], e["before"], e["after"]) for e in trail
    ] == [
        (
            "support@staff.lumo.example",
            f"withdrawal:{withdrawal['id']}",
            "Refund checked",
            {"status": "matched"},
            {"status": "done"},
        )
    ]
    done_rows = client.get("/ops/v1/declarations?status=done", headers=headers).json["entries"]
    assert [(d["kind"], d["handledReason"]) for d in done_rows] == [
        ("withdrawal", "Refund checked")
    ]
    exported = client.get("/ops/v1/declarations?format=csv&status=done", headers=headers)
    rows = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True))))
    assert [(r["kind"], r["handledBy"], r["handledReason"]) for r in rows] == [
        ("withdrawal", "support@staff.lumo.example", "Refund checked")
    ]


def test_an_unknown_kind_answers_the_catalogues_error(client, staff_members):
    answer = client.get(
        "/ops/v1/declarations?kind=refund", headers=staff_members.headers("support")
    )
    assert (answer.status_code, answer.json["message"]) == (400, "parameterRequired")
