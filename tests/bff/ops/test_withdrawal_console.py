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


def test_a_missed_switch_to_monthly_billing_shows_on_the_parents_timeline(
    client, container, clock, staff_members
):
    """docs/consumer-law-renewal.md#at-the-gateway: the console shows a German switch the gateway missed."""
    from core.domain.renewal_rules import refusal_deadline
    from core.services.plan_continuation import check_missed_switches
    from core.services.renewal_reminders import remind_renewals
    from tests.tasks.test_renewal_reminders import move, yearly

    _, sub_id, renewal = yearly(client, container, clock, "DE", "de")
    ctx = container.services
    container.gateway.fail_continue_on_plan = True
    move(clock, refusal_deadline(renewal) - timedelta(days=30))
    assert remind_renewals(ctx) == 1
    move(clock, renewal - timedelta(hours=1))
    assert check_missed_switches(ctx) == 1
    [(account_id,)] = rows(
        container, "SELECT account_id FROM subscriptions WHERE id = :s", s=sub_id
    )
    page = client.get(f"/ops/v1/parents/{account_id}", headers=staff_members.headers("admin")).json
    [missed] = [e for e in page["timeline"] if e["kind"] == "renewal.switch_missed"]
    assert missed["detail"] == f"subscription:{sub_id}"
