"""A parent's withdrawal on the console: the parent page's timeline and the audit log
(docs/consumer-law-withdrawal.md)."""

from datetime import timedelta

from tests.bff.test_withdrawals_api import declare, paid_month, rows


def test_the_withdrawal_shows_on_the_parents_page_and_in_the_audit_log(
    client, container, staff_members
):
    token, sid, transaction = paid_month(client, container, express=False)
    container.services.clock.advance(timedelta(days=1))
    assert declare(client, sid).status_code == 200
    headers = staff_members.headers("admin")
    [(account_id,)] = rows(container, "SELECT account_id FROM subscriptions WHERE id = :s", s=sid)
    page = client.get(f"/ops/v1/parents/{account_id}", headers=headers).json
    timeline = {e["kind"]: e for e in page["timeline"]}
    assert timeline["subscription.withdrawn"]["detail"] == f"#{sid} LUMO-{sid} public 4.99 EUR"
    assert timeline["payment.withdrawal_refund"]["detail"] == f"{transaction} 4.99 EUR"
    assert timeline["payment.withdrawal_refund"]["state"] == "succeeded"
    assert "parent.withdrawal" in timeline  # the audit entry, made by the parent, not by staff
    [entry] = client.get(
        f"/ops/v1/audit?action=parent.withdrawal&accountId={account_id}", headers=headers
    ).json["entries"]
    assert entry["target"] == f"subscription:{sid}" and entry["staffEmail"] is None
    assert entry["after"]["refund"] == "4.99" and entry["after"]["channel"] == "public"
