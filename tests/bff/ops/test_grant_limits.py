"""Grant limits per role over a rolling window per parent, safe under parallel calls, and four eyes
above them (docs/operator-console.md#grant-limits-and-four-eyes). Runs on SQLite and, with DATABASE_URL
set to PostgreSQL, on PostgreSQL."""

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from sqlalchemy import func, select

from core.adapters.db.models.console import GrantLedgerRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.domain.errors import DomainError
from core.services.ops import grants
from tests.helpers import signed_up, subscriptions


def _parent(client, staff_headers, email):
    token = signed_up(client, email=email)
    found = client.get(
        "/ops/v1/parents", query_string={"by": "email", "q": email}, headers=staff_headers
    )
    return token, found.json["results"][0]["id"]


def _audit(client, headers, **filters):
    return client.get("/ops/v1/audit", query_string=filters, headers=headers).json["entries"]


def test_twelve_one_month_grants_in_a_row_give_one_month_and_a_clear_error_for_the_rest(
    client, staff_members, clock
):
    support = staff_members.headers("support")
    token, account_id = _parent(client, support, "gina@example.com")
    url = f"/ops/v1/parents/{account_id}/grant"
    first = client.post(url, json={"duration": "P1M", "reason": "outage"}, headers=support)
    assert first.status_code == 200, first.json
    sub_id = first.json["subscription"]["id"]
    answers = [
        client.post(
            url,
            json={"duration": "P1M", "reason": "outage", "subscriptionId": sub_id},
            headers=support,
        )
        for _ in range(11)
    ]
    assert {(a.status_code, a.json["message"]) for a in answers} == {(409, "grantLimitReached")}
    assert answers[0].json["max"] == 31 and answers[0].json["windowDays"] == 30
    assert 0 <= answers[0].json["left"] <= 1
    [sub] = subscriptions(client, token)
    assert sub["endDate"] == first.json["subscription"]["endDate"]  # a month, not a year
    # a new free subscription counts too, and so does any role's earlier grant
    another = client.post(url, json={"duration": "P7D", "reason": "outage"}, headers=support)
    assert another.status_code == 409 and another.json["message"] == "grantLimitReached"
    assert len(_audit(client, support, action="parent.grant")) == 1
    # the window rolls: 30 days later support may grant again
    clock.advance(timedelta(days=31))
    support = staff_members.headers("support")  # the old session has expired
    again = client.post(url, json={"duration": "P7D", "reason": "outage"}, headers=support)
    assert again.status_code == 200, again.json


def test_small_grants_add_up_to_the_limit(client, staff_members):
    support = staff_members.headers("support")
    _, account_id = _parent(client, support, "pia@example.com")
    url = f"/ops/v1/parents/{account_id}/grant"
    codes = [
        client.post(url, json={"duration": "P7D", "reason": "x"}, headers=support).status_code
        for _ in range(6)
    ]
    assert codes == [200] * 4 + [409] * 2  # 28 days given, a fifth week would be 35 > 31


def test_twenty_parallel_grants_stay_within_the_limit(client, staff_members, container):
    support = staff_members.headers("support")
    _, account_id = _parent(client, support, "race@example.com")
    with container.services.read() as uow:
        member = uow.staff.by_email("support@staff.lumo.example")

    def one(_):
        try:
            grants.grant(container.services, member, account_id, "P7D", "race")
            return "granted"
        except DomainError as e:
            return e.error.message

    with ThreadPoolExecutor(max_workers=20) as pool:
        outcomes = list(pool.map(one, range(20)))
    assert outcomes.count("granted") == 4, outcomes
    assert outcomes.count("grantLimitReached") == 16
    with container.engine.connect() as c:
        total = c.scalar(
            select(func.sum(GrantLedgerRow.days)).where(GrantLedgerRow.account_id == account_id)
        )
        made = c.scalar(
            select(func.count())
            .select_from(SubscriptionRow)
            .where(SubscriptionRow.account_id == account_id)
        )
    assert total == 28 and made == 4


def test_above_the_limit_a_higher_role_approves_and_everything_is_audited(client, staff_members):
    support = staff_members.headers("support")
    token, account_id = _parent(client, support, "olga@example.com")
    base = f"/ops/v1/parents/{account_id}"
    assert (
        client.post(f"{base}/grant", json={"duration": "P1M", "reason": "outage"}, headers=support)
    ).status_code == 200
    no_reason = client.post(f"{base}/grant-requests", json={"duration": "P1M"}, headers=support)
    assert no_reason.status_code == 400 and no_reason.json["message"] == "reasonRequired"
    asked = client.post(
        f"{base}/grant-requests",
        json={"duration": "P3M", "reason": "three-month outage"},
        headers=support,
    )
    assert asked.status_code == 200, asked.json
    request = asked.json["request"]
    assert request["status"] == "pending" and request["requestedRole"] == "support"
    pending = client.get("/ops/v1/grant-requests", headers=support).json["requests"]
    assert [r["id"] for r in pending] == [request["id"]]
    url = f"/ops/v1/grant-requests/{request['id']}"
    # support cannot decide; the asker never can; finance can (reason required)
    refused = client.post(f"{url}/approve", json={"reason": "ok"}, headers=support)
    assert refused.status_code == 403 and refused.json["message"] == "staffForbidden"
    finance = staff_members.headers("finance")
    assert client.post(f"{url}/approve", json={}, headers=finance).json["message"] == (
        "reasonRequired"
    )
    approved = client.post(f"{url}/approve", json={"reason": "checked the outage"}, headers=finance)
    assert approved.status_code == 200, approved.json
    assert approved.json["request"]["status"] == "approved"
    assert approved.json["request"]["decidedByEmail"] == "finance@staff.lumo.example"
    assert len(subscriptions(client, token)) == 2  # the month, and the approved three months
    twice = client.post(f"{url}/approve", json={"reason": "again"}, headers=finance)
    assert twice.status_code == 409 and twice.json["message"] == "grantRequestDecided"
    assert client.get("/ops/v1/grant-requests", headers=support).json["requests"] == []
    [entry] = _audit(client, finance, action="parent.grant_approve")
    assert entry["staffEmail"] == "finance@staff.lumo.example" and entry["reason"] == (
        "checked the outage"
    )
    assert entry["after"]["requestedBy"] == "support@staff.lumo.example"
    assert entry["after"]["requestReason"] == "three-month outage"
    [asked_entry] = _audit(client, finance, action="parent.grant_request")
    assert asked_entry["staffEmail"] == "support@staff.lumo.example"


def test_a_member_never_approves_their_own_request_and_admins_need_another_admin(
    client, staff_members
):
    finance = staff_members.headers("finance")
    _, account_id = _parent(client, finance, "ada@example.com")
    base = f"/ops/v1/parents/{account_id}"
    own = client.post(
        f"{base}/grant-requests", json={"duration": "P12M", "reason": "x"}, headers=finance
    ).json["request"]
    mine = client.post(
        f"/ops/v1/grant-requests/{own['id']}/approve", json={"reason": "me"}, headers=finance
    )
    assert mine.status_code == 403 and mine.json["message"] == "grantApproverNeeded"
    admin = staff_members.headers("admin")
    from_admin = client.post(
        f"{base}/grant-requests", json={"duration": "P12M", "reason": "y"}, headers=admin
    ).json["request"]
    by_finance = client.post(
        f"/ops/v1/grant-requests/{from_admin['id']}/approve", json={"reason": "z"}, headers=finance
    )
    assert by_finance.json["message"] == "grantApproverNeeded"
    other_admin = staff_members.login("second.admin@staff.lumo.example", "admin").json["token"]
    rejected = client.post(
        f"/ops/v1/grant-requests/{from_admin['id']}/reject",
        json={"reason": "not justified"},
        headers={"Authorization": f"Bearer {other_admin}"},
    )
    assert rejected.status_code == 200 and rejected.json["request"]["status"] == "rejected"
    assert rejected.json["subscription"] is None
    [entry] = _audit(client, admin, action="parent.grant_reject")
    assert entry["staffEmail"] == "second.admin@staff.lumo.example"
    assert entry["reason"] == "not justified"
