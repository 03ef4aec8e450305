"""The console's queue of public declarations (docs/operator-console.md#public-declarations): filter by status,
mark handled (audited with who and why, once), CSV export for an authority's request."""

from __future__ import annotations

import csv
import io

from tests.helpers import pay, signed_up

FORM = {"termination": "ordinary", "name": "Ana Parent", "language": "de"}


def declare(client, email):
    answer = client.post("/v5/contract-cancellations", json={**FORM, "email": email})
    assert answer.status_code == 201, answer.json
    return answer.json


def test_queue_by_status_handle_once_audited_and_export(client, container, staff_members):
    token = signed_up(client)
    pay(client, token)
    declare(client, "parent@example.com")
    declare(client, "stranger@example.com")
    headers = staff_members.headers("support")

    everything = client.get("/ops/v1/declarations", headers=headers).json["entries"]
    assert [(d["email"], d["status"]) for d in everything] == [
        ("stranger@example.com", "unmatched"),
        ("parent@example.com", "matched"),
    ]
    assert "receiptHash" not in everything[0]
    assert everything[1]["outcome"][0]["action"] == "cancelled"
    waiting = client.get("/ops/v1/declarations?status=unmatched", headers=headers).json["entries"]
    assert [d["email"] for d in waiting] == ["stranger@example.com"]
    declaration_id = waiting[0]["id"]

    no_reason = client.post(
        f"/ops/v1/declarations/{declaration_id}/handled", json={}, headers=headers
    )
    assert (no_reason.status_code, no_reason.json["message"]) == (400, "reasonRequired")
    done = client.post(
        f"/ops/v1/declarations/{declaration_id}/handled",
        json={"reason": "No account; replied by e-mail"},
        headers=headers,
    )
    assert done.status_code == 200, done.json
    assert (done.json["status"], done.json["handledBy"], done.json["handledReason"]) == (
        "done",
        "support@staff.lumo.example",
        "No account; replied by e-mail",
    )
    again = client.post(
        f"/ops/v1/declarations/{declaration_id}/handled",
        json={"reason": "twice"},
        headers=headers,
    )
    assert (again.status_code, again.json["message"]) == (409, "declarationHandled")
    missing = client.post(
        "/ops/v1/declarations/999999/handled", json={"reason": "x"}, headers=headers
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
            f"declaration:{declaration_id}",
            "No account; replied by e-mail",
            {"status": "unmatched"},
            {"status": "done"},
        )
    ]
    assert [
        d["email"]
        for d in client.get("/ops/v1/declarations?status=done", headers=headers).json["entries"]
    ] == ["stranger@example.com"]

    exported = client.get("/ops/v1/declarations?format=csv", headers=headers)
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True))))
    assert [(r["email"], r["status"], r["language"], r["wordingVersion"]) for r in rows] == [
        ("stranger@example.com", "done", "de", "2026-11-27"),
        ("parent@example.com", "matched", "de", "2026-11-27"),
    ]
    assert rows[0]["handledBy"] == "support@staff.lumo.example"
    assert '"action": "cancelled"' in rows[1]["outcome"]


def test_bad_filters_answer_the_catalogues_error(client, staff_members):
    answer = client.get(
        "/ops/v1/declarations?status=lost", headers=staff_members.headers("support")
    )
    assert (answer.status_code, answer.json["message"]) == (400, "parameterRequired")
