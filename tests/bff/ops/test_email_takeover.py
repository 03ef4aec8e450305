"""One support member cannot take over a parent (docs/operator-console.md#e-mail-changes-and-reset-links):
an e-mail change asked for in the console waits for the new address to confirm it, reset links go to
the confirmed address, a new reset link voids the older ones, and a change plus a reset link within a
day needs a finance or admin member."""

import json
from datetime import timedelta

from sqlalchemy import update

from core.adapters.db.models.accounts import AccountRow
from core.settings import ROOT
from tests.helpers import PASSWORD, bearer, pw, signed_up

PARENT = "maria@example.com"
ATTACKER = "support.person@evil.example"


def _setup(client, staff_members, container, language="en"):
    token = signed_up(client, email=PARENT)
    with container.engine.begin() as c:
        c.execute(update(AccountRow).where(AccountRow.email == PARENT).values(language=language))
    support = staff_members.headers("support")
    found = client.get(
        "/ops/v1/parents", query_string={"by": "email", "q": PARENT}, headers=support
    )
    return token, found.json["results"][0]["id"], support


def _me(client, token):
    return client.get("/v5/subscriptions", headers=bearer(token)).json


def test_a_console_email_change_waits_for_the_new_address_and_reset_links_go_to_the_old_one(
    client, staff_members, container, mailbox, clock
):
    token, account_id, support = _setup(client, staff_members, container, language="de")
    changed = client.post(
        f"/ops/v1/parents/{account_id}/email",
        json={"email": ATTACKER, "reason": "parent asked on the phone"},
        headers=support,
    )
    assert changed.status_code == 200, changed.json
    assert _me(client, token)["email"] == PARENT  # still the confirmed address
    [confirm] = mailbox.to(ATTACKER)
    german = json.loads((ROOT / "locales/de.json").read_text(encoding="utf-8"))["Emails"]
    assert confirm.subject == german["confirm_email_change"]["subject"]  # the parent's language
    assert confirm.language == "de"
    page = client.get(f"/ops/v1/parents/{account_id}", headers=support).json
    assert page["account"]["email"] == PARENT and page["account"]["pendingEmail"] == ATTACKER
    # a reset link, sent a day later (or by finance at once), goes to the confirmed address only
    clock.advance(timedelta(days=1, minutes=1))
    finance = staff_members.headers("finance")
    sent = client.post(
        f"/ops/v1/parents/{account_id}/send-reset-link", json={"reason": "x"}, headers=finance
    )
    assert sent.status_code == 200, sent.json
    assert mailbox.link(PARENT, "/reset-password")
    assert [e for e in mailbox.to(ATTACKER) if "/reset-password" in e.text] == []
    # the parent can still log in with the old address; the new one is unknown until it confirms
    login = client.post("/v4/users/login", json={"email": ATTACKER, "password": pw(PASSWORD)})
    assert login.status_code != 200


def test_the_new_address_takes_over_only_when_its_link_is_opened_and_the_old_one_is_told(
    client, staff_members, container, mailbox
):
    token, account_id, support = _setup(client, staff_members, container)
    client.post(
        f"/ops/v1/parents/{account_id}/email",
        json={"email": "maria.new@example.com", "reason": "asked"},
        headers=support,
    )
    before = len(mailbox.to(PARENT))
    link = mailbox.link("maria.new@example.com", "/confirm-email")
    assert client.get(f"/v4/users/confirm-email?token={link}").json == {"status": True}
    me = _me(client, token)
    assert (me["email"], me["emailIsConfirmed"]) == ("maria.new@example.com", True)
    assert len(mailbox.to(PARENT)) == before + 1  # the notice of the change, to the old address
    admin = staff_members.headers("admin")
    trail = client.get(
        "/ops/v1/audit",
        query_string={"accountId": account_id, "action": "parent.email_change_confirmed"},
        headers=admin,
    ).json["entries"]
    assert len(trail) == 1 and trail[0]["after"]["email"] == "m***@example.com"


def test_a_new_reset_link_voids_the_older_ones(client, mailbox):
    signed_up(client, email=PARENT)
    client.get(f"/v4/users/forgotten-pass?email={PARENT}")
    first = mailbox.link(PARENT, "/reset-password")
    client.get(f"/v4/users/forgotten-pass?email={PARENT}")
    second = mailbox.link(PARENT, "/reset-password")
    assert first != second
    old = client.post("/v4/users/reset-pass", json={"token": first, "newPass": pw("older link")})
    assert (old.status_code, old.json["message"]) == (400, "resetLinkInvalid")
    new = client.post("/v4/users/reset-pass", json={"token": second, "newPass": pw("newer link")})
    assert new.status_code == 200


def test_a_change_and_a_reset_link_within_a_day_need_finance_or_admin(
    client, staff_members, container, clock
):
    _, account_id, support = _setup(client, staff_members, container)
    base = f"/ops/v1/parents/{account_id}"
    assert (
        client.post(
            f"{base}/email", json={"email": "x.new@example.com", "reason": "r"}, headers=support
        ).status_code
        == 200
    )
    other_support = staff_members.login("second.support@staff.lumo.example", "support").json[
        "token"
    ]
    refused = client.post(
        f"{base}/send-reset-link", json={"reason": "r"}, headers=bearer(other_support)
    )
    assert refused.status_code == 409 and refused.json["message"] == "seniorStaffNeeded"
    finance = staff_members.headers("finance")
    assert (
        client.post(f"{base}/send-reset-link", json={"reason": "r"}, headers=finance).status_code
        == 200
    )
    # the other order: a reset link sent, then a change of address by support
    again = client.post(
        f"{base}/email", json={"email": "y.new@example.com", "reason": "r"}, headers=support
    )
    assert again.status_code == 409 and again.json["message"] == "seniorStaffNeeded"
    # a day later support may again
    clock.advance(timedelta(days=1, minutes=1))
    support = staff_members.headers("support")
    later = client.post(f"{base}/send-reset-link", json={"reason": "r"}, headers=support)
    assert later.status_code == 200, later.json


def test_erasure_leaves_no_pending_address_behind():
    from datetime import UTC, datetime

    from core.domain.accounts import Account

    account = Account(email=PARENT, password_hash="h", pending_email="maria.new@example.com", id=3)
    account.pending_email_at = datetime(2026, 11, 27, tzinfo=UTC)
    account.erase(datetime(2026, 11, 28, tzinfo=UTC))
    assert account.pending_email is None and account.pending_email_at is None
