"""Every audit entry is written in the transaction of the action it records: when writing the entry fails,
the action is undone with it; an action that fails leaves no entry; one that succeeds always has one."""

from __future__ import annotations

import pytest

from core.adapters.db.staff_repositories import SqlAudit
from tests.helpers import pay, signed_up, subscriptions


def _account_id(client, headers, email):
    return client.get(f"/ops/v1/parents?by=email&q={email}", headers=headers).json["results"][0][
        "id"
    ]


def _entries(client, headers, action):
    return client.get(f"/ops/v1/audit?action={action}", headers=headers).json["entries"]


@pytest.fixture
def broken_audit(monkeypatch):
    """Writing an audit entry fails (a full disk, a lost connection) until `restore()`."""

    real = SqlAudit.append

    def fail(self, entry):
        if entry.action.startswith(("parent.", "coupons.", "site.", "staff.role")):
            raise RuntimeError("audit write failed")
        return real(self, entry)

    monkeypatch.setattr(SqlAudit, "append", fail)
    return lambda: monkeypatch.setattr(SqlAudit, "append", real)


def test_when_the_entry_cannot_be_written_the_action_is_undone(
    client, container, staff_members, broken_audit
):
    token = signed_up(client, email="undo@example.com")
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    admin = staff_members.headers("admin")
    account_id = _account_id(client, admin, "undo@example.com")
    base = f"/ops/v1/parents/{account_id}"
    for path, body in (
        ("/email", {"email": "moved@example.com"}),
        ("/cancel", {"subscriptionId": sub["id"], "when": "now"}),
        ("/grant", {"duration": "P7D", "reason": "outage"}),
        ("/erase", {"confirmation": "undo@example.com", "reason": "asked"}),
    ):
        assert client.post(base + path, json=body, headers=admin).status_code == 500, path
    for path, body in (
        (
            "/ops/v1/campaigns",
            {"prefix": "UNDO", "type": "UNIQUE_ACCESS_COUPON", "duration": "P1M", "count": 2},
        ),
        (
            "/ops/v1/campaigns/import",
            {"csv": "code,coupon_type,duration_code\nUNDO-1,UNIQUE_ACCESS_COUPON,P1M\n"},
        ),
        ("/ops/v1/site/maintenance", {"on": True, "reason": "x"}),
    ):
        assert client.post(path, json=body, headers=admin).status_code == 500, path
    broken_audit()
    page = client.get(base, headers=admin).json
    assert page["account"]["email"] == "undo@example.com" and page["account"]["deletedAt"] is None
    assert [(s["id"], s["paymentStateId"], s["isRenewing"]) for s in page["subscriptions"]] == [
        (sub["id"], sub["paymentStateId"], True)
    ]
    assert client.get("/ops/v1/campaigns/report?prefix=UNDO", headers=admin).json["issued"] == 0
    assert client.get("/v4/site").json["maintenance"] is False
    assert [
        e
        for e in client.get("/ops/v1/audit", headers=admin).json["entries"]
        if not e["action"].startswith("staff.")
    ] == []


def test_a_failed_action_leaves_no_entry_and_a_done_one_always_has_one(
    client, container, staff_members
):
    signed_up(client, email="taken@example.com")
    token = signed_up(client, email="keeps@example.com")
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    admin = staff_members.headers("admin")
    account_id = _account_id(client, admin, "keeps@example.com")
    base = f"/ops/v1/parents/{account_id}"
    taken = client.post(base + "/email", json={"email": "taken@example.com"}, headers=admin)
    assert (taken.status_code, taken.json["message"]) == (400, "emailTaken")
    wrong = client.post(
        base + "/erase", json={"confirmation": "nope", "reason": "x"}, headers=admin
    )
    assert wrong.status_code == 400
    assert _entries(client, admin, "parent.change_email") == []
    assert _entries(client, admin, "parent.erase") == []

    assert (
        client.post(base + "/email", json={"email": "new@example.com"}, headers=admin).status_code
        == 200
    )
    [moved] = _entries(client, admin, "parent.change_email")
    assert moved["before"] == {"email": "k***@example.com"} and moved["after"] == {
        "pendingEmail": "n***@example.com"  # in force once the new address confirms it
    }
    done = client.post(
        base + "/cancel", json={"subscriptionId": sub["id"], "when": "now"}, headers=admin
    )
    assert done.status_code == 200
    [cancelled] = _entries(client, admin, "parent.cancel")
    assert (
        cancelled["before"]["state"] == sub["paymentStateId"]
        and cancelled["after"]["when"] == "now"
    )
    assert cancelled["after"]["state"] == done.json["subscription"]["paymentStateId"]
    again = client.post(
        base + "/cancel", json={"subscriptionId": sub["id"], "when": "period_end"}, headers=admin
    )
    assert again.status_code == 400 and len(_entries(client, admin, "parent.cancel")) == 1
    batch = client.post(
        "/ops/v1/campaigns",
        json={"prefix": "KEEP", "type": "UNIQUE_ACCESS_COUPON", "duration": "P1M", "count": 3},
        headers=admin,
    )
    assert batch.status_code == 200
    [made] = _entries(client, admin, "coupons.batch")
    assert made["after"]["count"] == 3
    erased = client.post(
        base + "/erase",
        json={"confirmation": "keeps@example.com", "reason": "asked"},
        headers=admin,
    )
    assert erased.status_code == 200 and len(_entries(client, admin, "parent.erase")) == 1
