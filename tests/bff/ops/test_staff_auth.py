"""Staff sign-in: argon2id password + TOTP, sessions 8 h / 30 min idle, own throttle, audited failures;
parent and staff tokens never cross."""

from datetime import timedelta

import pyotp
from sqlalchemy import select, text

from core.adapters.db.models.console import AuditLogRow, StaffAccountRow, StaffSessionRow
from tests.bff.ops.conftest import STAFF_PASSWORD
from tests.helpers import bearer, signed_up


def _audit(container, action=None):
    with container.engine.connect() as c:
        query = select(AuditLogRow).order_by(AuditLogRow.id)
        if action:
            query = query.where(AuditLogRow.action == action)
        return c.execute(query).all()


def test_the_cli_creates_a_staff_member_and_prints_the_provisioning_uri_once(app, container):
    result = app.test_cli_runner().invoke(
        args=["staff", "create", "Boss@Staff.Lumo.Example", "--role", "admin"],
        input=f"{STAFF_PASSWORD}\n{STAFF_PASSWORD}\n",
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    uri = next(line for line in result.output.splitlines() if line.startswith("otpauth://"))
    assert pyotp.parse_uri(uri).secret and "boss%40staff.lumo.example" in uri.lower()
    with container.engine.connect() as c:
        row = c.execute(select(StaffAccountRow)).one()
    assert row.role == "admin" and row.email == "boss@staff.lumo.example"
    assert row.password_hash.startswith("$argon2id$") and STAFF_PASSWORD not in row.password_hash
    again = app.test_cli_runner().invoke(
        args=["staff", "create", "boss@staff.lumo.example", "--role", "admin"],
        input=f"{STAFF_PASSWORD}\n{STAFF_PASSWORD}\n",
    )
    assert again.exit_code != 0 and "otpauth://" not in again.output
    short = app.test_cli_runner().invoke(
        args=["staff", "create", "b@staff.lumo.example", "--role", "admin"], input="short\nshort\n"
    )
    assert short.exit_code != 0


def test_login_needs_password_and_current_code_and_answers_role_and_permissions(
    staff_members, client
):
    response = staff_members.login("ana@staff.lumo.example", "support")
    assert response.status_code == 200, response.json
    assert response.json["staff"]["role"] == "support"
    assert "payments.refund" not in response.json["staff"]["permissions"]
    me = client.get("/ops/v1/me", headers=bearer(response.json["token"]))
    assert me.status_code == 200 and me.json["email"] == "ana@staff.lumo.example"
    assert me.headers["Cache-Control"] == "no-store"


def test_every_wrong_part_answers_the_same_401_and_is_audited(staff_members, container):
    staff_members.create("ana@staff.lumo.example", "support")
    wrong_password = staff_members.login("ana@staff.lumo.example", password="not the password 1")
    wrong_code = staff_members.login(
        "ana@staff.lumo.example",
        code="000000" if staff_members.code("ana@staff.lumo.example") != "000000" else "111111",
    )
    unknown = staff_members.client.post(
        "/ops/v1/session",
        json={"email": "nobody@staff.lumo.example", "password": STAFF_PASSWORD, "code": "123456"},
    )
    for response in (wrong_password, wrong_code, unknown):
        assert response.status_code == 401 and response.json["message"] == "staffLoginFailed"
    failed = _audit(container, "staff.login_failed")
    assert len(failed) == 3 and {r.outcome for r in failed} == {"refused"}
    assert failed[2].staff_id is None and failed[2].target == "n***@staff.lumo.example"  # masked


def test_a_code_is_accepted_once(staff_members, client):
    staff_members.create("ana@staff.lumo.example", "support")
    first = staff_members.login("ana@staff.lumo.example")
    assert first.status_code == 200
    code = staff_members.code("ana@staff.lumo.example")
    replay = client.post(
        "/ops/v1/session",
        json={"email": "ana@staff.lumo.example", "password": STAFF_PASSWORD, "code": code},
    )
    assert replay.status_code == 401


def test_repeated_failures_close_the_staff_account_for_a_while(staff_members, client, clock):
    staff_members.create("ana@staff.lumo.example", "support")
    body = {"email": "ana@staff.lumo.example", "password": "wrong password 12", "code": "123456"}
    answers = [client.post("/ops/v1/session", json=body).status_code for _ in range(6)]
    assert answers == [401] * 5 + [429]
    right = {
        **body,
        "password": STAFF_PASSWORD,
        "code": staff_members.code("ana@staff.lumo.example"),
    }
    blocked = client.post("/ops/v1/session", json=right)
    assert (
        blocked.status_code == 429 and int(blocked.headers["Retry-After"]) >= 1
    )  # not even checked
    clock.advance(timedelta(seconds=30))
    right["code"] = staff_members.code("ana@staff.lumo.example")
    assert client.post("/ops/v1/session", json=right).status_code == 200


def test_sessions_die_after_30_idle_minutes_and_on_logout_and_are_stored_hashed(
    staff_members, client, clock, container
):
    idle = staff_members.token("finance")
    clock.advance(timedelta(minutes=31))
    assert client.get("/ops/v1/me", headers=bearer(idle)).status_code == 401
    live = staff_members.token("admin")
    assert client.delete("/ops/v1/session", headers=bearer(live)).status_code == 200
    assert client.get("/ops/v1/me", headers=bearer(live)).status_code == 401
    with container.engine.connect() as c:
        hashes = [r.token_hash for r in c.execute(select(StaffSessionRow))]
    assert live not in hashes and all(len(h) == 64 for h in hashes)  # stored hashed


def test_the_session_lasts_8_hours_with_activity(staff_members, client, clock):
    token = staff_members.token("support")
    for _ in range(16):  # 16 × 29 min = 7 h 44 min
        clock.advance(timedelta(minutes=29))
        assert client.get("/ops/v1/me", headers=bearer(token)).status_code == 200
    clock.advance(timedelta(minutes=17))
    assert client.get("/ops/v1/me", headers=bearer(token)).status_code == 401


def test_a_parent_token_never_opens_ops_and_a_staff_token_never_the_parent_api(
    staff_members, client
):
    parent = signed_up(client)
    assert client.get("/ops/v1/me", headers=bearer(parent)).status_code == 401
    assert (
        client.get("/ops/v1/parents?by=email&q=parent", headers=bearer(parent)).status_code == 401
    )
    staff_token = staff_members.token("admin")
    assert client.get("/v5/subscriptions", headers=bearer(staff_token)).status_code == 401
    assert client.get("/v4/users", headers=bearer(staff_token)).status_code in (401, 404, 405)


def test_no_endpoint_changes_the_audit_log_and_the_database_refuses_to(
    app, container, staff_members
):
    staff_members.token("admin")
    audit_rules = [r for r in app.url_map.iter_rules() if "audit" in r.rule]
    assert [(r.rule, sorted(r.methods - {"HEAD", "OPTIONS"})) for r in audit_rules] == [
        ("/ops/v1/audit", ["GET"])
    ]
    assert not hasattr(container.services.uow().__class__, "audit_update")
    with container.services.uow() as uow:
        assert not any(name in dir(uow.audit) for name in ("update", "delete", "remove", "save"))
    if container.engine.dialect.name == "postgresql":
        import pytest
        from sqlalchemy.exc import DBAPIError

        for statement in ("UPDATE audit_log SET reason = 'x'", "DELETE FROM audit_log"):
            with pytest.raises(DBAPIError, match="append-only"):
                with container.engine.begin() as c:
                    c.execute(text(statement))
    assert len(_audit(container)) >= 2  # staff.create, staff.login still there


def test_the_totp_secret_is_stored_sealed_never_bare(container, staff_members):
    """STAFF_TOTP_KEY seals the secret at rest: the row holds a Fernet token, not the base32 secret the
    provisioning URI carries; a key that cannot open it checks no code."""
    import pyotp

    from core.adapters.totp import PyotpTotp, is_sealed

    uri = staff_members.create("sealed@staff.lumo.example", "support")
    bare = pyotp.parse_uri(uri).secret
    with container.services.read() as uow:
        stored = uow.staff.by_email("sealed@staff.lumo.example").totp_secret
    assert is_sealed(stored) and bare not in stored
    assert container.services.totp.reveal(stored) == bare
    now = container.services.clock.now()
    code = pyotp.TOTP(bare).at(now)
    other = PyotpTotp("8vQ2cX3y1QqkLqv0y7r0lJmYtq0mS6q4Vd0b2D3E4fA=")
    assert other.matching_step(stored, code, now) is None
    assert container.services.totp.matching_step(stored, code, now) is not None
