"""The parent's data rights: the export holds everything, the deletion leaves nothing personal."""

import json
import re

import pytest
from sqlalchemy import text

from core.adapters.db.models.base import Base
from core.domain.payments import GatewayUnavailable
from tests.helpers import add_coupon, bearer, pay, pw, register

OLD_EMAIL, EMAIL = "zeb.old@example.com", "zebulon.quartz@example.com"
NAME, KIDS, PHONE = "Zebulon Quartz", ("Pipistrelle", "Octavia Moonbeam"), "+41 79 555 12 34"
SETTINGS = {
    "ageFilter": "3-8",
    "timeLimitMinutes": 45,
    "contentType": "music",
    "language": "de",
    "sound": True,
    "fullscreen": False,
}

# Where each table's rows about a parent appear in the export, or why they do not. A new table must be added
# here: the test below fails until its author decides.
EXPORTED_AS = {
    "accounts": "account",
    "child_profiles": "children",
    "parental_settings": "children",
    "subscriptions": "subscriptions",
    "consent_records": "consents",
    "contact_messages": "contactMessages",
    "newsletter_subscriptions": "newsletter",
    "coupon_redemptions": "couponsRedeemed",
    "coupons": "couponsRedeemed",
    "auth_tokens": "sessions",
    "payments": "payments",
    "payment_events": "payments",
    "purchase_consents": "purchaseConsents",
    "withdrawals": "withdrawals",
    "billing_documents": "billingDocuments",
    "declarations": "declarations",
}
NOT_EXPORTED = {
    "billing_series": "the last number of each series of billing documents, nothing about a parent",
    "outbox": "messages in flight, built from the data above",
    "tv_links": "a pending link holds hashes only; the linked TV is in sessions",
    "webhook_events": "the gateway's event ids, nothing about a person",
    "analytics_events": "no account, e-mail or name is kept with a record",
    "subscription_claims": "which apps a renewing subscription holds: derived from subscriptions",
    "trial_claims": "which purchase used the free trial: derived from subscriptions",
    "staff_accounts": "the operator console's staff, not parents",
    "staff_sessions": "staff sign-ins",
    "audit_log": "staff actions, kept for accountability; e-mail addresses in it are masked",
    "rate_limit_counters": "hits per client address or keyed e-mail hash for one window, while Redis is down",
    "site_switches": "site-wide switches (maintenance, holiday promotion), nothing about a parent",
    "site_switch_changes": "which operator changed a site switch and why, nothing about a parent",
    "funnel_daily": "the analytics funnel counted per day, origin and campaign: no account in it",
    "funnel_rolled_days": "which days the funnel roll-up holds",
    "subscription_reminders": "which renewal reminder went out for which renewal day: the e-mails themselves are in the mailbox",
    "dunning_steps": "which retry and dunning e-mail happened on which day of a failed payment: the charges "
    "are in payments, the e-mails in the mailbox (docs/billing.md#failed-payments-and-dunning)",
    "payment_method_updates": "the outcome of one payment-method update per idempotency key, replayed to a "
    "repeated request: the method on file is in subscriptions (docs/billing.md#fixing-a-failed-payment)",
    "grant_ledger": "free days staff gave, counted for their limits; the subscriptions are exported",
    "grant_requests": "staff asking each other for free time and the decisions: staff actions",
    "staff_login_throttle": "failed staff sign-ins per hashed address, nothing about a parent",
}


def a_full_family(client, container, mailbox):
    """A parent with everything the service can hold about a family."""
    token = register(
        client,
        email=OLD_EMAIL,
        displayName=NAME,
        isPromoAccepted=True,
        utm={"source": "quartz-campaign"},
    ).json["token"]
    auth = bearer(token)
    assert (
        client.post("/v4/users/change-email", json={"email": EMAIL}, headers=auth).status_code
        == 200
    )
    add_coupon(
        container,
        code="ZEB-HALF",
        coupon_type="DISCOUNT_COUPON",
        duration_code="P3M",
        discount_price="2.99",
        plan_type="P1M",
    )
    assert pay(client, token, coupon="ZEB-HALF").status_code == 200
    for kid, band in zip(KIDS, ("3-5", "9-10"), strict=True):
        child = client.post("/v5/children", json={"name": kid, "ageBand": band}, headers=auth).json
        client.put(f"/v5/children/{child['id']}/settings/tv", json=SETTINGS, headers=auth)
    client.put("/v5/consents", json={"promotional": False}, headers=auth)
    message = {
        "name": NAME,
        "email": EMAIL,
        "phone": PHONE,
        "subject": "hello",
        "message": f"Hi from {KIDS[0]}!",
    }
    client.post("/v4/contact", json=message, headers=auth)
    client.post(
        "/v4/contact", json={**message, "subject": "suggestions"}
    )  # same address, not logged in
    client.post("/v4/newsletter", json={"email": EMAIL})
    link = client.post("/v5/tv/link").json
    client.post("/v5/tv/link/claim", json={"pin": link["pin"]}, headers=auth)
    tv_token = client.get(f"/v5/tv/link/{link['pollToken']}").json["token"]
    client.get(f"/v4/users/forgotten-pass?email={EMAIL}")
    return token, tv_token


def test_export_holds_everything(client, container, mailbox):
    token, _ = a_full_family(client, container, mailbox)
    response = client.get("/v5/account/export", headers=bearer(token))
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    data = response.json
    account = data["account"]
    assert (account["email"], account["name"], account["utm"]) == (
        EMAIL,
        NAME,
        {"source": "quartz-campaign"},
    )
    assert "password_hash" not in json.dumps(data) and "passwordHash" not in account
    assert (
        account["termsVersion"] == "2026-11" and account["promotionalConsent"]["granted"] is False
    )
    assert [c["name"] for c in data["children"]] == list(KIDS)
    assert data["children"][0]["settings"]["tv"]["contentType"] == "music"
    assert data["children"][1]["settings"]["games"]["ageFilter"] == "7-10"
    [sub] = data["subscriptions"]
    assert sub["paymentPlanPrice"] and sub["coupon"] == "ZEB-HALF"
    assert [(c["kind"], c["granted"]) for c in data["consents"]] == [
        ("terms", True),
        ("promotional", True),
        ("promotional", False),
    ]
    assert sorted(m["subject"] for m in data["contactMessages"]) == ["hello", "suggestions"]
    assert data["contactMessages"][0]["phone"] == PHONE
    assert [n["email"] for n in data["newsletter"]] == [EMAIL]
    assert [c["code"] for c in data["couponsRedeemed"]] == ["ZEB-HALF"]
    assert sorted(str(s["device"]) for s in data["sessions"]) == ["None", "tv"]
    assert data["analyticsRecords"] == []


ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$")


def test_export_names_every_field_as_before(client, container, mailbox):
    """The export is dumped by bff/resources/account_data/schemas.py from the service's read model: the names
    and value formats the parents' downloads always had (ISO dates with their offset, null when unset)."""
    token, _ = a_full_family(client, container, mailbox)
    data = client.get("/v5/account/export", headers=bearer(token)).json
    assert set(data) == {
        "format", "exportedAt", "account", "children", "subscriptions", "consents", "contactMessages",
        "newsletter", "couponsRedeemed", "sessions", "payments", "analyticsRecords",
        "purchaseConsents", "withdrawals", "billingDocuments", "declarations",
    }  # fmt: skip
    [asked] = data["purchaseConsents"]  # the family bought in France: the express request, unticked
    assert (asked["expressRequest"], asked["country"], asked["priceAfterTrial"]) == (
        False,
        "FR",
        "2.99",
    )
    assert data["withdrawals"] == []
    assert data["declarations"] == []
    assert data["format"] == "lumo-account-export/1" and ISO.match(data["exportedAt"])
    account = data["account"]
    assert set(account) == {
        "id", "email", "name", "language", "countryCode", "isEmailConfirmed", "isEmailFake", "partner",
        "partnerAlias", "env", "utm", "createdAt", "termsVersion", "termsAcceptedAt", "mustAcceptTerms",
        "promotionalConsent",
    }  # fmt: skip
    assert ISO.match(account["createdAt"]) and ISO.match(account["termsAcceptedAt"])
    assert account["mustAcceptTerms"] is False and account["countryCode"] == "FR"
    assert account["promotionalConsent"] == {"granted": False, "version": None, "grantedAt": None}
    child = data["children"][0]
    assert set(child) == {"id", "name", "ageBand", "createdAt", "settings"}
    assert set(child["settings"]) == {"tv", "books", "games"}
    assert set(child["settings"]["tv"]) == {
        "ageFilter", "timeLimitMinutes", "contentType", "language", "sound", "fullscreen", "updatedAt",
    }  # fmt: skip
    assert set(child["settings"]["books"]) == set(child["settings"]["tv"]) | {"categories"}
    assert child["settings"]["books"]["updatedAt"] is None
    assert ISO.match(child["settings"]["tv"]["updatedAt"])
    message = data["contactMessages"][0]
    assert set(message) == {"name", "email", "phone", "subject", "message", "language", "sentAt"}
    assert ISO.match(message["sentAt"])
    [newsletter] = data["newsletter"]
    assert set(newsletter) == {"email", "language", "consentedAt", "consentVersion"}
    assert ISO.match(newsletter["consentedAt"]) and newsletter["consentVersion"]
    [coupon] = data["couponsRedeemed"]
    assert set(coupon) == {"code", "redeemedAt"} and ISO.match(coupon["redeemedAt"])
    for session in data["sessions"]:
        assert set(session) == {"createdAt", "expiresAt", "device"}
        assert ISO.match(session["createdAt"]) and ISO.match(session["expiresAt"])
    assert set(data["consents"][0]) == {"kind", "version", "granted", "at"}


def test_every_table_is_exported_or_has_a_reason_not_to_be():
    tables = {t.name for t in Base.metadata.sorted_tables}
    assert tables == set(EXPORTED_AS) | set(NOT_EXPORTED), tables ^ (
        set(EXPORTED_AS) | set(NOT_EXPORTED)
    )


def test_export_needs_the_bearer_and_shows_only_its_own_account(client, container, mailbox):
    a_full_family(client, container, mailbox)
    other = register(client, email="other@example.com").json["token"]
    data = client.get("/v5/account/export", headers=bearer(other)).json
    assert (
        data["children"]
        == data["contactMessages"]
        == data["newsletter"]
        == data["couponsRedeemed"]
        == []
    )
    assert EMAIL not in json.dumps(data) and NAME not in json.dumps(data)
    assert client.get("/v5/account/export").status_code == 401


def scan(engine, needles) -> list[str]:
    """Every value of every row of every table, searched for each needle."""
    found = []
    with engine.connect() as c:
        for table in Base.metadata.sorted_tables:
            for row in c.execute(text(f"SELECT * FROM {table.name}")).mappings():
                blob = json.dumps({k: str(v) for k, v in row.items()}).lower()
                found += [f"{table.name}: {needle}" for needle in needles if needle.lower() in blob]
    return found


def test_deletion_leaves_nothing_personal_in_any_table(client, container, mailbox):
    token, tv_token = a_full_family(client, container, mailbox)
    needles = [OLD_EMAIL, EMAIL, "zebulon", "quartz", *KIDS, "moonbeam", PHONE, "555 12 34"]
    assert scan(container.engine, needles)  # the family is there before
    wrong = client.post(
        "/v5/account/delete", json={"password": pw("not mine")}, headers=bearer(token)
    )
    assert (wrong.status_code, wrong.json["code"], wrong.json["message"]) == (
        400,
        1,
        "wrongPassword",
    )
    response = client.post("/v5/account/delete", json={"password": pw()}, headers=bearer(token))
    assert response.json == {"status": True}

    assert scan(container.engine, needles) == []
    [goodbye] = [m for m in mailbox.to(EMAIL) if "deleted" in m.subject]
    assert "Zebulon Quartz" in goodbye.text
    for old in (token, tv_token):
        assert client.get("/v5/subscriptions", headers=bearer(old)).status_code == 401
    assert (
        client.post("/v4/accounts/login", json={"email": EMAIL, "password": pw()}).status_code
        == 404
    )
    with container.engine.connect() as c:
        sub = c.exec_driver_sql(
            "SELECT payment_plan_price, gateway_id, created_at, payment_state_id, is_renewing "
            "FROM subscriptions"
        ).one()
        assert c.exec_driver_sql("SELECT count(*) FROM auth_tokens").scalar() == 0
        assert (
            c.exec_driver_sql("SELECT count(*) FROM coupon_redemptions").scalar() == 1
        )  # the code stays spent
    assert (
        sub[0] is not None and sub[1] and sub[3] == "Cancelled" and not sub[4]
    )  # kept for accounting
    gateway = container.gateway
    assert gateway.subscriptions[sub[1]]["status"] == "Canceled" and gateway.deleted_customers


def test_the_address_can_register_again(client, container, mailbox):
    token, _ = a_full_family(client, container, mailbox)
    client.post("/v5/account/delete", json={"password": pw()}, headers=bearer(token))
    assert register(client, email=EMAIL).status_code == 200
    assert client.post("/v4/newsletter", json={"email": EMAIL}).status_code == 200


def test_nothing_is_erased_when_the_gateway_cannot_be_reached(
    client, container, mailbox, monkeypatch
):
    token, _ = a_full_family(client, container, mailbox)

    def unreachable(gateway_id):
        raise GatewayUnavailable("timeout")

    monkeypatch.setattr(container.gateway, "cancel_subscription", unreachable)
    response = client.post("/v5/account/delete", json={"password": pw()}, headers=bearer(token))
    assert (response.status_code, response.json["message"]) == (503, "accountDeleteFailed")
    assert client.get("/v5/account/export", headers=bearer(token)).json["account"]["email"] == EMAIL


def test_a_partner_is_told_when_its_user_leaves(client, container):
    token = register(client, email="acme.user@example.com", externalPartner="acme").json["token"]
    pay(client, token)
    client.post("/v5/account/delete", json={"password": pw()}, headers=bearer(token))
    with container.engine.connect() as c:
        rows = c.exec_driver_sql("SELECT topic, payload FROM outbox WHERE kind = 'partner'").all()
    payloads = [(topic, json.loads(p) if isinstance(p, str) else p) for topic, p in rows]
    assert [(t, p.get("reason"), p.get("partner")) for t, p in payloads if t == "unsubscribed"] == [
        ("unsubscribed", "account_deleted", "acme")
    ]
    assert all("acme.user" not in json.dumps(p) for _, p in payloads)


@pytest.mark.parametrize("body", [{}, {"password": "short"}])
def test_deletion_needs_the_password_hash(client, body):
    token = register(client).json["token"]
    response = client.post("/v5/account/delete", json=body, headers=bearer(token))
    assert (response.status_code, response.json["message"]) == (400, "parameterRequired")
