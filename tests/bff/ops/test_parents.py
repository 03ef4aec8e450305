"""Parent search, the parent page (no child data beyond a count), and the support actions with their audit."""

from datetime import timedelta

from sqlalchemy import text, update

from core.adapters.db.models.accounts import AccountRow
from tests.helpers import PASSWORD, add_coupon, bearer, pay, pw, register, signed_up, subscriptions


def _search(client, headers, by, q):
    response = client.get("/ops/v1/parents", query_string={"by": by, "q": q}, headers=headers)
    assert response.status_code == 200, response.json
    return [r["email"] for r in response.json["results"]]


def _audit(client, headers, **filters):
    return client.get("/ops/v1/audit", query_string=filters, headers=headers).json["entries"]


def test_search_by_every_key(client, container, staff_members):
    add_coupon(
        container, code="OPS-FREE-1", coupon_type="UNIQUE_ACCESS_COUPON", duration_code="P1M"
    )
    ana = signed_up(client, email="ana.silva@example.com")
    signed_up(client, email="bob.jones@example.org")
    register(client, email="carla@example.net", coupon="OPS-FREE-1", displayName="Carla Moonbeam")
    assert pay(client, ana).status_code == 200
    with container.engine.begin() as c:
        c.execute(
            update(AccountRow)
            .where(AccountRow.email == "bob.jones@example.org")
            .values(partner="swisscom", partner_alias="+41795551234")
        )
    headers = staff_members.headers("support")
    assert _search(client, headers, "email", "SILVA@exam") == ["ana.silva@example.com"]
    assert _search(client, headers, "email", "example") == [
        "carla@example.net",
        "bob.jones@example.org",
        "ana.silva@example.com",
    ]
    assert _search(client, headers, "email", "100%") == []  # wildcards are literal
    assert _search(client, headers, "name", "moonbeam") == ["carla@example.net"]
    assert _search(client, headers, "phone", "5551234") == ["bob.jones@example.org"]
    assert _search(client, headers, "coupon", "ops-free-1") == ["carla@example.net"]
    sub = subscriptions(client, ana)[0]
    assert _search(client, headers, "subscription", str(sub["id"])) == ["ana.silva@example.com"]
    with container.engine.connect() as c:
        gateway_id = c.execute(
            text("SELECT gateway_id FROM subscriptions WHERE gateway_id IS NOT NULL")
        ).scalar()
    assert _search(client, headers, "gateway", gateway_id) == ["ana.silva@example.com"]
    for by, q in (
        ("email", "an"),
        ("subscription", "abc"),
        ("subscription", "99999999999"),
        ("color", "red"),
    ):
        response = client.get("/ops/v1/parents", query_string={"by": by, "q": q}, headers=headers)
        assert response.status_code == 400 and response.json["message"] == "parameterRequired"


def test_the_parent_page_counts_children_but_never_shows_them(
    client, container, staff_members, mailbox, clock
):
    token = register(client, email="zeb@example.com", displayName="Zeb", isPromoAccepted=True).json[
        "token"
    ]
    clock.advance(timedelta(minutes=5))
    for kid, band in (("Pipistrelle", "3-5"), ("Octavia", "9-10")):
        assert client.post(
            "/v5/children", json={"name": kid, "ageBand": band}, headers=bearer(token)
        ).status_code in (200, 201)
    assert pay(client, token).status_code == 200
    client.post(
        "/v4/accounts/login", json={"email": "zeb@example.com", "password": pw("wrong one 1")}
    )
    headers = staff_members.headers("support")
    account_id = client.get("/ops/v1/parents?by=email&q=zeb@", headers=headers).json["results"][0][
        "id"
    ]
    page = client.get(f"/ops/v1/parents/{account_id}", headers=headers)
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert (
        "Pipistrelle" not in body
        and "Octavia" not in body
        and "9-10" not in body
        and "3-5" not in body
    )
    view = page.json
    assert view["childProfiles"] == 2
    assert view["account"]["email"] == "zeb@example.com" and "passwordHash" not in view["account"]
    assert [s["storeId"] for s in view["subscriptions"]] == ["lumo"]
    assert view["subscriptions"][0]["cancel"]["method"] == "in_app"
    assert view["emails"] and {e["status"] for e in view["emails"]} == {"delivered"}
    assert [c["kind"] for c in view["consents"]][:1] == ["terms"]
    assert len(view["sessions"]) == 1 and view["throttle"]["failures"] == 1
    kinds = [e["kind"] for e in view["timeline"]]
    assert kinds[-1] == "account.created" and "subscription.created" in kinds and "email" in kinds
    # the timeline carries codes and states the console translates, no English words
    assert {e.get("state") for e in view["timeline"] if e["kind"] == "email"} == {"delivered"}
    assert {e.get("state") for e in view["timeline"] if e["kind"] == "consent"} == {"granted"}
    stamps = [e["at"] for e in view["timeline"]]
    assert stamps == sorted(stamps, reverse=True)
    assert client.get("/ops/v1/parents/987654", headers=headers).status_code == 404


def test_grant_a_month_shows_on_the_parents_profile_and_in_the_audit(client, staff_members, clock):
    token = signed_up(client, email="gina@example.com")
    support = staff_members.headers("support")
    account_id = client.get("/ops/v1/parents?by=email&q=gina@", headers=support).json["results"][0][
        "id"
    ]
    url = f"/ops/v1/parents/{account_id}/grant"
    no_reason = client.post(url, json={"duration": "P1M"}, headers=support)
    assert no_reason.status_code == 400 and no_reason.json["message"] == "reasonRequired"
    too_long = client.post(url, json={"duration": "P2M", "reason": "outage"}, headers=support)
    assert too_long.status_code == 400 and too_long.json == {
        "code": 0,
        "message": "grantTooLong",
        "max": 31,
    }
    granted = client.post(
        url, json={"duration": "P1M", "reason": "outage 2026-11-20"}, headers=support
    )
    assert granted.status_code == 200, granted.json
    [sub] = subscriptions(client, token)
    assert sub["id"] == granted.json["subscription"]["id"]
    assert sub["endDate"][:10] == granted.json["subscription"]["endDate"][:10]
    assert sub["endDate"][:10] > (clock.now() + timedelta(days=27)).date().isoformat()
    finance = staff_members.headers("finance")
    extended = client.post(
        url,
        json={"duration": "P2M", "reason": "goodwill", "subscriptionId": sub["id"]},
        headers=finance,
    )
    assert (
        extended.status_code == 200
        and extended.json["subscription"]["endDate"] > granted.json["subscription"]["endDate"]
    )
    [entry, first] = _audit(client, support, action="parent.grant")
    assert (
        entry["reason"] == "goodwill"
        and entry["before"]["endDate"] == granted.json["subscription"]["endDate"]
    )
    assert first["staffEmail"] == "support@staff.lumo.example" and first["accountId"] == account_id
    assert first["after"]["duration"] == "P1M" and first["target"] == f"subscription:{sub['id']}"


def test_a_renewing_subscription_is_not_extended_but_can_be_cancelled_now_or_at_period_end(
    client, staff_members, clock
):
    token = signed_up(client, email="rene@example.com")
    assert pay(client, token, key="tv").status_code == 200
    assert pay(client, token, plan="lumo_books_monthly_eur", key="books").status_code == 200
    tv, books = subscriptions(client, token)
    support = staff_members.headers("support")
    account_id = client.get("/ops/v1/parents?by=email&q=rene@", headers=support).json["results"][0][
        "id"
    ]
    refused = client.post(
        f"/ops/v1/parents/{account_id}/grant",
        json={"duration": "P7D", "reason": "x", "subscriptionId": tv["id"]},
        headers=support,
    )
    assert refused.status_code == 400 and refused.json["message"] == "grantRenewing"
    later = client.post(
        f"/ops/v1/parents/{account_id}/cancel",
        json={"subscriptionId": tv["id"], "when": "period_end"},
        headers=support,
    )
    assert later.status_code == 200 and later.json["subscription"]["paymentStateId"] == "Cancelled"
    assert later.json["subscription"]["endDate"] == tv["endDate"]
    now = client.post(
        f"/ops/v1/parents/{account_id}/cancel",
        json={"subscriptionId": books["id"], "when": "now", "reason": "asked by phone"},
        headers=support,
    )
    assert now.status_code == 200 and now.json["subscription"]["paymentStateId"] == "Expired"
    again = client.post(
        f"/ops/v1/parents/{account_id}/cancel",
        json={"subscriptionId": tv["id"], "when": "period_end"},
        headers=support,
    )
    assert again.status_code == 400 and again.json["message"] == "alreadyCancelled"
    entries = _audit(client, support, accountId=account_id, action="parent.cancel")
    assert [e["after"]["when"] for e in entries] == ["now", "period_end"]


def test_e_mail_actions_reach_the_parent(client, staff_members, mailbox):
    signed_up(client, email="emma@example.com")
    support = staff_members.headers("support")
    account_id = client.get("/ops/v1/parents?by=email&q=emma@", headers=support).json["results"][0][
        "id"
    ]
    before = len(mailbox.to("emma@example.com"))
    assert (
        client.post(
            f"/ops/v1/parents/{account_id}/resend-confirmation", json={}, headers=support
        ).status_code
        == 200
    )
    assert (
        client.post(
            f"/ops/v1/parents/{account_id}/send-reset-link", json={}, headers=support
        ).status_code
        == 200
    )
    assert len(mailbox.to("emma@example.com")) == before + 2
    assert mailbox.link("emma@example.com", "/reset-password") and mailbox.link(
        "emma@example.com", "/confirm-email"
    )
    # support sent a reset link: a change of address the same day needs finance or admin
    # (docs/operator-console.md#e-mail-changes-and-reset-links)
    finance = staff_members.headers("finance")
    moved = client.post(
        f"/ops/v1/parents/{account_id}/email",
        json={"email": "emma.new@example.com"},
        headers=finance,
    )
    assert moved.status_code == 200
    link = mailbox.link("emma.new@example.com", "/confirm-email")
    assert len(mailbox.to("emma@example.com")) == before + 2  # nothing changed yet
    assert client.get(f"/v4/users/confirm-email?token={link}").status_code == 200
    assert len(mailbox.to("emma@example.com")) == before + 3  # the notice, once confirmed
    [entry] = _audit(client, support, action="parent.change_email")
    assert entry["before"] == {"email": "e***@example.com"} and entry["after"] == {
        "pendingEmail": "e***@example.com"
    }
    signed_up(client, email="other@example.com")
    taken = client.post(
        f"/ops/v1/parents/{account_id}/email", json={"email": "other@example.com"}, headers=support
    )
    assert taken.status_code == 400 and taken.json["message"] == "emailTaken"


def test_revoke_sessions_export_and_erase(client, staff_members, container):
    token = signed_up(client, email="olga@example.com")
    admin = staff_members.headers("admin")
    account_id = client.get("/ops/v1/parents?by=email&q=olga@", headers=admin).json["results"][0][
        "id"
    ]
    assert (
        client.post(
            f"/ops/v1/parents/{account_id}/sessions/revoke", json={}, headers=admin
        ).status_code
        == 200
    )
    assert client.get("/v5/subscriptions", headers=bearer(token)).status_code == 401
    exported = client.post(
        f"/ops/v1/parents/{account_id}/export", json={"reason": "ticket 12"}, headers=admin
    )
    assert (
        exported.status_code == 200
        and exported.json["export"]["account"]["email"] == "olga@example.com"
    )
    url = f"/ops/v1/parents/{account_id}/erase"
    assert (
        client.post(url, json={"confirmation": "olga@example.com"}, headers=admin).json["message"]
        == "reasonRequired"
    )
    assert (
        client.post(
            url, json={"confirmation": "olga@example.org", "reason": "asked"}, headers=admin
        ).json["message"]
        == "confirmationMismatch"
    )
    assert (
        client.post(
            url,
            json={"confirmation": "OLGA@example.com", "reason": "asked by e-mail"},
            headers=admin,
        ).status_code
        == 200
    )
    login = client.post(
        "/v4/accounts/login", json={"email": "olga@example.com", "password": pw(PASSWORD)}
    )
    assert login.status_code == 404
    actions = [e["action"] for e in _audit(client, admin, accountId=account_id)]
    assert actions == ["parent.erase", "parent.export", "parent.revoke_sessions"]
    assert (
        client.post(url, json={"confirmation": "x", "reason": "again"}, headers=admin).status_code
        == 404
    )


def test_the_parent_page_names_coupons_and_tv_links_field_by_field(
    client, container, staff_members, mailbox
):
    """The page's lists are precise schemas (bff/resources/ops/parent_schemas.py): each row keeps its keys."""
    from tests.bff.test_data_rights_api import EMAIL, a_full_family

    a_full_family(client, container, mailbox)
    headers = staff_members.headers("support")
    [found] = client.get(
        "/ops/v1/parents", query_string={"by": "email", "q": EMAIL}, headers=headers
    ).json["results"]
    assert set(found) == {
        "id", "email", "name", "partner", "partnerAlias", "createdAt", "deletedAt", "isEmailConfirmed",
    }  # fmt: skip
    view = client.get(f"/ops/v1/parents/{found['id']}", headers=headers).json
    [coupon] = view["couponsRedeemed"]
    assert set(coupon) == {"code", "couponType", "durationCode", "product", "redeemedAt"}
    assert coupon["code"] == "ZEB-HALF" and coupon["redeemedAt"].endswith("+00:00")
    [link] = view["tvLinks"]
    assert set(link) == {"id", "claimedAt", "collectedAt"} and link["claimedAt"]
    assert "tv.linked" in [e["kind"] for e in view["timeline"]]
    assert {s["payload"] for s in view["sessions"]} == {None, "tv"}
    assert set(view["account"]) >= {"languageChosen", "failedLogins", "loginBlockedUntil", "utm"}
