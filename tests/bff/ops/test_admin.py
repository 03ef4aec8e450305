"""Admin screens' API: the runtime site switches and staff management, each change audited with before and
after in the same transaction (docs/operator-console.md)."""

from __future__ import annotations

from datetime import timedelta

import pyotp

from core.adapters.db.seeding import seed_demo


def _audit(client, headers, action):
    return client.get(f"/ops/v1/audit?action={action}", headers=headers).json["entries"]


def test_admin_switches_maintenance_on_and_off_and_the_site_follows(
    client, container, clock, staff_members
):
    admin = staff_members.headers("admin")
    shown = client.get("/ops/v1/site", headers=admin).json
    assert shown["maintenance"] == {"on": False, "source": "default"}
    assert shown["refreshSeconds"] == container.settings.site_cache_seconds

    missing = client.post("/ops/v1/site/maintenance", json={"on": True}, headers=admin)
    assert (missing.status_code, missing.json["message"]) == (400, "reasonRequired")
    assert client.get("/v4/site").json["maintenance"] is False  # nothing changed

    done = client.post(
        "/ops/v1/site/maintenance", json={"on": True, "reason": "database upgrade"}, headers=admin
    )
    assert done.status_code == 200 and done.json["switch"] == {"on": True, "source": "stored"}
    # this process at once; the public API answers its maintenance error, the console keeps working
    assert client.get("/v4/site").json["maintenance"] is True
    down = client.get("/v5/plans?countryCode=FR")
    assert (down.status_code, down.json["message"]) == (503, "maintenance")
    assert client.get("/ops/v1/site", headers=admin).json["maintenance"]["on"] is True

    [entry] = _audit(client, admin, "site.switch")
    assert entry["target"] == "switch:maintenance" and entry["reason"] == "database upgrade"
    assert entry["before"] == {"on": False, "source": "default"}
    assert entry["after"] == {"on": True, "source": "stored"}
    assert entry["staffEmail"] == "admin@staff.lumo.example"

    off = client.post(
        "/ops/v1/site/maintenance/reset", json={"reason": "upgrade done"}, headers=admin
    )
    assert off.json["switch"] == {"on": False, "source": "default"}
    assert client.get("/v5/plans?countryCode=FR").status_code == 200
    history = client.get("/ops/v1/site", headers=admin).json["history"]
    assert [(h["name"], h["value"], h["reason"]) for h in history] == [
        ("maintenance", None, "upgrade done"),
        ("maintenance", {"on": True}, "database upgrade"),
    ]
    assert [e["reason"] for e in _audit(client, admin, "site.switch")] == [
        "upgrade done",
        "database upgrade",
    ]


def test_another_node_sees_the_switch_within_its_cache_time(
    client, container, clock, staff_members
):
    """A node's cache (SITE_CACHE_SECONDS): a change made elsewhere reaches it within that time."""
    admin = staff_members.headers("admin")
    container.services.switches.current()  # this node has read the switches: cached now
    with container.services.uow() as uow:  # as another node's console write would
        uow.site_switches.save("maintenance", {"on": True}, "other node", "test", clock.now())
        uow.commit()
    assert client.get("/v5/plans?countryCode=FR").status_code == 200
    clock.advance(timedelta(seconds=container.settings.site_cache_seconds))
    assert client.get("/v5/plans?countryCode=FR").status_code == 503
    client.post("/ops/v1/site/maintenance", json={"on": False, "reason": "x"}, headers=admin)
    assert client.get("/v5/plans?countryCode=FR").status_code == 200


def test_the_holiday_promo_is_set_checked_and_reset(client, container, clock, staff_members):
    seed_demo(container.engine, container.services.hasher)
    admin = staff_members.headers("admin")
    today = clock.now().date()
    body = {
        "from": today.isoformat(),
        "to": (today + timedelta(days=10)).isoformat(),
        "coupon": "lumo-holiday",
        "reason": "winter",
    }
    reversed_ = client.post(
        "/ops/v1/site/holiday-promo",
        json={**body, "from": body["to"], "to": body["from"]},
        headers=admin,
    )
    assert (reversed_.status_code, reversed_.json["message"]) == (400, "promoDatesReversed")
    unknown = client.post(
        "/ops/v1/site/holiday-promo", json={**body, "coupon": "NO-SUCH"}, headers=admin
    )
    assert (unknown.status_code, unknown.json["message"]) == (400, "couponInvalid")
    assert _audit(client, admin, "site.switch") == []  # refusals change nothing and are not audited

    done = client.post("/ops/v1/site/holiday-promo", json=body, headers=admin)
    assert done.status_code == 200
    assert done.json["switch"] == {
        "from": body["from"],
        "to": body["to"],
        "coupon": "LUMO-HOLIDAY",
        "activeToday": True,
        "source": "stored",
    }
    assert client.get("/v4/site").json["holidayPromo"]["active"] is True
    [entry] = _audit(client, admin, "site.switch")
    assert entry["target"] == "switch:holiday_promo" and entry["before"]["source"] == "default"
    client.post("/ops/v1/site/holiday-promo/reset", json={"reason": "over"}, headers=admin)
    assert client.get("/v4/site").json["holidayPromo"]["active"] is False


def test_a_switch_whose_audit_fails_is_not_changed(client, container, staff_members, monkeypatch):
    """The switch and its audit entry share one transaction: no entry, no change."""
    admin = staff_members.headers("admin")
    from core.adapters.db.staff_repositories import SqlAudit

    def broken(self, entry):
        raise RuntimeError("audit table unavailable")

    monkeypatch.setattr(SqlAudit, "append", broken)
    failed = client.post(
        "/ops/v1/site/maintenance", json={"on": True, "reason": "x"}, headers=admin
    )
    assert failed.status_code == 500
    monkeypatch.undo()
    container.services.switches.forget()
    assert client.get("/v4/site").json["maintenance"] is False
    assert client.get("/ops/v1/site", headers=admin).json["history"] == []


def test_admin_creates_staff_showing_the_totp_uri_once(client, container, clock, staff_members):
    admin = staff_members.headers("admin")
    made = client.post(
        "/ops/v1/staff",
        json={
            "email": "New.Member@staff.lumo.example",
            "role": "finance",
            "password": "a long enough password",
            "reason": "new hire",
        },
        headers=admin,
    )
    assert made.status_code == 200
    uri = made.json["provisioningUri"]
    secret = pyotp.parse_uri(uri).secret
    listed = client.get("/ops/v1/staff", headers=admin).json["staff"]
    row = next(s for s in listed if s["id"] == made.json["id"])
    assert row["email"] == "new.member@staff.lumo.example" and row["role"] == "finance"
    assert row["disabledAt"] is None
    assert secret not in str(listed) and "totp" not in str(listed).lower()  # never shown again
    clock.advance(timedelta(seconds=30))
    login = client.post(
        "/ops/v1/session",
        json={
            "email": "new.member@staff.lumo.example",
            "password": "a long enough password",
            "code": pyotp.TOTP(secret).at(clock.now()),
        },
    )
    assert login.status_code == 200 and login.json["staff"]["role"] == "finance"
    entry = _audit(client, admin, "staff.create")[0]  # newest first (the admin's own came before)
    assert entry["target"] == f"staff:{made.json['id']}"
    assert entry["staffEmail"] == "admin@staff.lumo.example" and entry["reason"] == "new hire"
    assert entry["after"] == {"email": "n***@staff.lumo.example", "role": "finance"}

    again = client.post(
        "/ops/v1/staff",
        json={
            "email": "new.member@staff.lumo.example",
            "role": "support",
            "password": "a long enough password",
        },
        headers=admin,
    )
    assert (again.status_code, again.json["message"]) == (400, "emailTaken")
    short = client.post(
        "/ops/v1/staff",
        json={"email": "short@staff.lumo.example", "role": "support", "password": "short"},
        headers=admin,
    )
    assert short.status_code in (400, 422)


def test_role_change_disable_and_totp_reset_end_sessions_and_are_audited(
    client, clock, staff_members
):
    admin = staff_members.headers("admin")
    member_headers = staff_members.headers("support")
    member_id = client.get("/ops/v1/me", headers=member_headers).json["id"]
    admin_id = client.get("/ops/v1/me", headers=admin).json["id"]

    role = client.post(
        f"/ops/v1/staff/{member_id}/role",
        json={"role": "finance", "reason": "moved"},
        headers=admin,
    )
    assert role.status_code == 200
    assert client.get("/ops/v1/me", headers=member_headers).status_code == 401  # signed out
    [entry] = _audit(client, admin, "staff.role")
    assert (entry["before"], entry["after"], entry["target"]) == (
        {"role": "support"},
        {"role": "finance"},
        f"staff:{member_id}",
    )
    assert staff_members.login("support@staff.lumo.example").json["staff"]["role"] == "finance"

    member_headers = {
        "Authorization": f"Bearer {staff_members.login('support@staff.lumo.example').json['token']}"
    }
    off = client.post(
        f"/ops/v1/staff/{member_id}/disabled",
        json={"disabled": True, "reason": "left"},
        headers=admin,
    )
    assert off.status_code == 200
    assert client.get("/ops/v1/me", headers=member_headers).status_code == 401
    refused = staff_members.login("support@staff.lumo.example")
    assert (refused.status_code, refused.json["message"]) == (401, "staffLoginFailed")
    client.post(f"/ops/v1/staff/{member_id}/disabled", json={"disabled": False}, headers=admin)
    assert [e["action"] for e in client.get("/ops/v1/audit", headers=admin).json["entries"]][
        :2
    ] == ["staff.enable", "staff.login_failed"]

    reset = client.post(f"/ops/v1/staff/{member_id}/reset-totp", json={}, headers=admin)
    new_secret = pyotp.parse_uri(reset.json["provisioningUri"]).secret
    old = staff_members.login("support@staff.lumo.example")  # the old authenticator's code
    assert old.status_code == 401
    staff_members.secrets["support@staff.lumo.example"] = new_secret
    assert staff_members.login("support@staff.lumo.example").status_code == 200
    assert len(_audit(client, admin, "staff.reset_totp")) == 1

    for path, body in (
        ("role", {"role": "support"}),
        ("disabled", {"disabled": True}),
        ("reset-totp", {}),
    ):
        mine = client.post(f"/ops/v1/staff/{admin_id}/{path}", json=body, headers=admin)
        assert (mine.status_code, mine.json["message"]) == (400, "staffSelf"), path
        gone = client.post(f"/ops/v1/staff/999999/{path}", json=body, headers=admin)
        assert (gone.status_code, gone.json["message"]) == (404, "staffNotFound"), path
